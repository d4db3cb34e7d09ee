package dev.cordon.linux;

import com.sun.jna.Pointer;
import java.nio.file.Path;

/**
 * Capabilities of the calling thread. Credentials are per thread in Linux, so a dedicated
 * spawning thread can give up every capability while the rest of the JVM keeps its own; a child
 * it starts inherits the empty sets.
 */
public final class Capabilities {

    private static final int VERSION_3 = 0x20080522;
    /** Fallback when /proc does not tell: CAP_CHECKPOINT_RESTORE, the last one in Linux 6.x. */
    private static final int DEFAULT_LAST_CAP = 40;
    private static final int CAP_SETPCAP = 8;
    private static final long SECURE_BITS =
            (1 << 0) | (1 << 1)     // SECBIT_NOROOT and its lock: root gains nothing on execve
            | (1 << 2) | (1 << 3)   // SECBIT_NO_SETUID_FIXUP and its lock
            | (1 << 5)              // SECBIT_KEEP_CAPS_LOCKED
            | (1 << 6) | (1 << 7);  // SECBIT_NO_CAP_AMBIENT_RAISE and its lock

    private static volatile Integer lastCap;

    private Capabilities() {
    }

    /** Effective, permitted and inheritable sets of the calling thread. */
    public record Sets(long effective, long permitted, long inheritable) {

        public boolean empty() {
            return effective == 0 && permitted == 0 && inheritable == 0;
        }
    }

    /** The calling thread's capability sets. */
    public static Sets current() throws KernelException {
        try (Scratch scratch = new Scratch()) {
            return current(scratch);
        }
    }

    private static Sets current(Scratch scratch) throws KernelException {
        Pointer data = scratch.zeroed(24);
        Syscalls.call(Syscall.CAPGET, header(scratch), data);
        return new Sets(join(data, 0), join(data, 4), join(data, 8));
    }

    /**
     * Clears the calling thread's capabilities for good: the bounding set (so that executing a
     * program as root grants nothing back), the ambient set, and the effective, permitted and
     * inheritable sets; then locks the securebits that would let root regain them. Verifies the
     * result and throws when any capability is left. Without CAP_SETPCAP the bounding set stays;
     * with no-new-privs set, executing a program still cannot raise the empty permitted set.
     */
    public static void dropAllForThread() throws KernelException {
        try (Scratch scratch = new Scratch()) {
            Sets before = current(scratch);
            if (!before.empty() && !boundingSetDropped()) {
                dropBoundingSet(before);
            }
            Prctl.call("prctl(PR_CAP_AMBIENT_CLEAR_ALL)", Prctl.PR_CAP_AMBIENT, Prctl.PR_CAP_AMBIENT_CLEAR_ALL);
            Syscalls.call(Syscall.CAPSET, header(scratch), scratch.zeroed(24));
            Sets after = current(scratch);
            if (!after.empty()) {
                throw new KernelException("capabilities remain after capset: " + after, 0);
            }
        }
    }

    /**
     * Empties the calling thread's bounding set and locks the securebits, so that executing a
     * program grants nothing back, while the thread keeps its effective capabilities for now
     * (mounts still work). Forty-odd calls: a thread that waits for its run does it ahead, and
     * {@link #dropAllForThread()} then skips it. Without CAP_SETPCAP it does nothing.
     */
    public static void dropBoundingSet() throws KernelException {
        dropBoundingSet(current());
    }

    private static void dropBoundingSet(Sets before) throws KernelException {
        if ((before.effective() & (1L << CAP_SETPCAP)) == 0) {
            return; // both steps need it
        }
        int lastCap = lastCap();
        for (int cap = 0; cap <= lastCap; cap++) {
            Prctl.call("prctl(PR_CAPBSET_DROP, " + cap + ")", Prctl.PR_CAPBSET_DROP, cap);
        }
        Prctl.call("prctl(PR_SET_SECUREBITS)", Prctl.PR_SET_SECUREBITS, SECURE_BITS);
    }

    /** The securebits are set, and locked, only right after the bounding set was emptied. */
    private static boolean boundingSetDropped() throws KernelException {
        return Prctl.call("prctl(PR_GET_SECUREBITS)", Prctl.PR_GET_SECUREBITS, 0) == SECURE_BITS;
    }

    /** The kernel's constant, read once: every confined start needs it. */
    private static int lastCap() {
        Integer known = lastCap;
        if (known == null) {
            known = (int) ProcFiles.number(Path.of("/proc/sys/kernel/cap_last_cap"), DEFAULT_LAST_CAP);
            lastCap = known;
        }
        return known;
    }

    private static Pointer header(Scratch scratch) {
        Pointer header = scratch.zeroed(8);
        header.setInt(0, VERSION_3); // pid 0 (the calling thread) follows
        return header;
    }

    private static long join(Pointer data, int offset) {
        return (data.getInt(offset) & 0xFFFFFFFFL) | ((data.getInt(offset + 12) & 0xFFFFFFFFL) << 32);
    }
}
