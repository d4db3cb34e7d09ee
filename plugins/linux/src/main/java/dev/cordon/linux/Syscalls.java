package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Pointer;
import java.util.Locale;

/** System calls by number for the running architecture, with errno turned into {@link KernelException}. */
final class Syscalls {

    private static final int MAX_ARGS = 5;

    private Syscalls() {
    }

    /**
     * Calls a system call with up to five arguments, each a {@code Long}, an {@code Integer} or
     * a {@link Pointer} (null for NULL); the caller keeps pointed-to memory reachable.
     */
    static long call(Syscall syscall, Object... args) throws KernelException {
        Arch arch = Arch.require();
        int number = syscall.number(arch);
        if (number < 0) {
            throw new KernelException(name(syscall) + ": not available on " + arch.name().toLowerCase(Locale.ROOT),
                    Errno.ENOSYS);
        }
        if (args.length > MAX_ARGS) {
            throw new IllegalArgumentException(name(syscall) + ": too many arguments");
        }
        long[] values = new long[MAX_ARGS];
        for (int i = 0; i < args.length; i++) {
            values[i] = register(args[i]);
        }
        try {
            return LibC.syscall(number, values[0], values[1], values[2], values[3], values[4]);
        } catch (LastErrorException e) {
            throw KernelException.of(name(syscall), e.getErrorCode());
        }
    }

    private static long register(Object arg) {
        if (arg == null) {
            return 0;
        }
        if (arg instanceof Pointer pointer) {
            return Pointer.nativeValue(pointer);
        }
        if (arg instanceof Long || arg instanceof Integer) {
            return ((Number) arg).longValue();
        }
        throw new IllegalArgumentException("not a register value: " + arg.getClass().getName());
    }

    static String name(Syscall syscall) {
        return syscall.name().toLowerCase(Locale.ROOT);
    }

    /** The calling thread's kernel id. */
    static long gettid() throws KernelException {
        return call(Syscall.GETTID);
    }
}
