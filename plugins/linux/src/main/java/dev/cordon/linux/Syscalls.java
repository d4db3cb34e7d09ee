package dev.cordon.linux;

import com.sun.jna.LastErrorException;

/** System calls by number for the running architecture, with errno turned into {@link KernelException}. */
final class Syscalls {

    private Syscalls() {
    }

    static long call(Syscall syscall, Object... args) throws KernelException {
        Arch arch = Arch.require();
        int number = syscall.number(arch);
        if (number < 0) {
            throw new KernelException(name(syscall) + ": not available on " + arch.name().toLowerCase(java.util.Locale.ROOT),
                    Errno.ENOSYS);
        }
        try {
            return LibC.get().syscall(number, args);
        } catch (LastErrorException e) {
            throw KernelException.of(name(syscall), e.getErrorCode());
        }
    }

    static String name(Syscall syscall) {
        return syscall.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The calling thread's kernel id. */
    static long gettid() throws KernelException {
        return call(Syscall.GETTID);
    }
}
