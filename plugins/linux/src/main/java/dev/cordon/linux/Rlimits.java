package dev.cordon.linux;

import com.sun.jna.Memory;

/** Resource limits of a process through {@code prlimit64}. */
public final class Rlimits {

    /** The limits this library sets; numbers are the same on every Linux architecture here. */
    public enum Resource {
        CPU(0),
        FSIZE(1),
        CORE(4),
        NPROC(6),
        NOFILE(7),
        AS(9);

        final int number;

        Resource(int number) {
            this.number = number;
        }
    }

    /** {@code RLIM_INFINITY}. */
    public static final long INFINITY = -1L;

    private static boolean coreDumpsOff;

    private Rlimits() {
    }

    /** Sets soft and hard limit of a resource of a process (0 for the calling process). */
    public static void set(long pid, Resource resource, long soft, long hard) throws KernelException {
        Memory limit = new Memory(16);
        limit.setLong(0, soft);
        limit.setLong(8, hard);
        try {
            Syscalls.call(Syscall.PRLIMIT64, pid, (long) resource.number, limit, 0L);
        } catch (KernelException e) {
            throw new KernelException("prlimit " + resource.name() + " of pid " + pid + ": " + Errno.describe(e.errno()),
                    e.errno());
        }
    }

    /**
     * Core dumps off (soft and hard limit 0) for this whole process, once: every child inherits it
     * from its first instruction (no race), and cordon's own memory, which holds the secrets it
     * keeps from its children, is never written to a core file either (a JVM crash still writes
     * its hs_err log).
     */
    public static synchronized void noCoreDumpsForThisProcess() throws KernelException {
        if (!coreDumpsOff) {
            set(0, Resource.CORE, 0, 0);
            coreDumpsOff = true;
        }
    }

    /** Soft and hard limit of a resource of a process, {@code [soft, hard]}. */
    public static long[] get(long pid, Resource resource) throws KernelException {
        Memory old = new Memory(16);
        Syscalls.call(Syscall.PRLIMIT64, pid, (long) resource.number, 0L, old);
        return new long[] {old.getLong(0), old.getLong(8)};
    }
}
