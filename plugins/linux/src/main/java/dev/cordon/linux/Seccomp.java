package dev.cordon.linux;

import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Path;

/** Installs seccomp filters on the calling thread. */
public final class Seccomp {

    private static final int SET_MODE_FILTER = 1;

    private Seccomp() {
    }

    /**
     * Installs a filter on the calling thread only (no TSYNC): the thread needs no-new-privs (or
     * CAP_SYS_ADMIN) first. Filters stack; none can be removed.
     */
    public static void install(byte[] program) throws KernelException {
        if (program.length == 0 || program.length % 8 != 0) {
            throw new IllegalArgumentException("not a sock_filter array: " + program.length + " bytes");
        }
        try (Scratch scratch = new Scratch()) {
            Pointer fprog = scratch.zeroed(16); // struct sock_fprog: u16 len, padding, pointer
            fprog.setShort(0, (short) (program.length / 8));
            fprog.setPointer(8, scratch.bytes(program));
            Syscalls.call(Syscall.SECCOMP, (long) SET_MODE_FILTER, 0L, fprog);
        }
    }

    /** Whether the kernel supports seccomp filters, as {@code /proc/sys/kernel/seccomp} tells. */
    public static boolean available() {
        try {
            return ProcFiles.read(Path.of("/proc/sys/kernel/seccomp/actions_avail")).contains("errno");
        } catch (IOException e) {
            return false;
        }
    }
}
