package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.file.Path;

/**
 * A Landlock ruleset being built. Handled rights are denied unless a rule grants them; {@link
 * #restrictSelf()} applies the ruleset to the calling thread (and everything it starts) for good.
 * Closing releases the ruleset's file descriptor.
 */
public final class LandlockRuleset implements AutoCloseable {

    private static final int RULE_PATH_BENEATH = 1;
    private static final int RULE_NET_PORT = 2;

    /** Whether a symbolic link at the rule's path is followed. */
    public enum Links {
        /** Grant to what the link points to (for roots the policy named). */
        FOLLOW,
        /** Grant nothing through a link (for entries found while splitting a root). */
        NOFOLLOW
    }

    private static final int AT_EMPTY_PATH = 0x1000;
    private static final int STATX_TYPE = 0x1;
    private static final int STATX_BYTES = 256;
    private static final int STATX_MODE = 0x1C;
    private static final int S_IFMT = 0170000;
    private static final int S_IFDIR = 0040000;

    private final int fd;
    private final long handledFs;
    private final long handledNet;
    private final Scratch scratch = new Scratch();
    private boolean closed;

    private LandlockRuleset(int fd, long handledFs, long handledNet) {
        this.fd = fd;
        this.handledFs = handledFs;
        this.handledNet = handledNet;
    }

    /**
     * Creates a ruleset that handles the given rights and scopes; each mask must fit the running
     * kernel's ABI ({@link Landlock#fsRights(int)}).
     */
    public static LandlockRuleset create(long handledFs, long handledNet, long scoped) throws KernelException {
        Memory attr = new Memory(24);
        attr.clear();
        attr.setLong(0, handledFs);
        attr.setLong(8, handledNet);
        attr.setLong(16, scoped);
        int fd = (int) Syscalls.call(Syscall.LANDLOCK_CREATE_RULESET, attr, 24L, 0L);
        return new LandlockRuleset(fd, handledFs, handledNet);
    }

    /**
     * Grants rights beneath a path. For a file only {@link Landlock#FILE_RIGHTS} apply; other
     * rights are dropped for it.
     *
     * @return false when the path does not exist (or is a link not followed), true when granted
     */
    public boolean allowPath(Path path, long rights, Links links) throws KernelException {
        int flags = LibC.O_PATH | LibC.O_CLOEXEC | (links == Links.NOFOLLOW ? Arch.require().oNoFollow() : 0);
        int pathFd;
        try {
            pathFd = LibC.open(LibC.cPath(path), flags, 0);
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Errno.ENOENT || e.getErrorCode() == Errno.ENOTDIR) {
                return false;
            }
            throw KernelException.of("open `" + path + "`", e.getErrorCode());
        }
        try {
            // Only file rights can be granted on what is not a directory (the kernel says EINVAL).
            long granted = isDirectory(path, pathFd) ? rights & handledFs : rights & handledFs & Landlock.FILE_RIGHTS;
            return addPathRule(path, pathFd, granted);
        } finally {
            closeQuietly(pathFd);
        }
    }

    private boolean addPathRule(Path path, int pathFd, long rights) throws KernelException {
        if (rights == 0) {
            return true;
        }
        Pointer attr = scratch.zeroed(12); // struct landlock_path_beneath_attr is packed: u64 + s32
        attr.setLong(0, rights);
        attr.setInt(8, pathFd);
        try {
            Syscalls.call(Syscall.LANDLOCK_ADD_RULE, (long) fd, (long) RULE_PATH_BENEATH, attr, 0L);
            return true;
        } catch (KernelException e) {
            throw new KernelException("landlock_add_rule `" + path + "`: " + Errno.describe(e.errno()), e.errno());
        }
    }

    /** What the descriptor names, from {@code statx} (the same layout on every architecture). */
    private boolean isDirectory(Path path, int pathFd) throws KernelException {
        Pointer statx = scratch.zeroed(STATX_BYTES);
        try {
            Syscalls.call(Syscall.STATX, (long) pathFd, scratch.cString(""), (long) AT_EMPTY_PATH, (long) STATX_TYPE, statx);
        } catch (KernelException e) {
            throw new KernelException("statx `" + path + "`: " + Errno.describe(e.errno()), e.errno());
        }
        return (statx.getShort(STATX_MODE) & S_IFMT) == S_IFDIR;
    }

    /** Grants TCP rights (bind, connect) on one port. */
    public void allowPort(int port, long rights) throws KernelException {
        if ((rights & handledNet) == 0) {
            return;
        }
        Pointer attr = scratch.zeroed(16);
        attr.setLong(0, rights & handledNet);
        attr.setLong(8, port);
        Syscalls.call(Syscall.LANDLOCK_ADD_RULE, (long) fd, (long) RULE_NET_PORT, attr, 0L);
    }

    /**
     * Restricts the calling thread by this ruleset. The thread needs no-new-privs (or
     * CAP_SYS_ADMIN) first. Landlock's audit flags (ABI 7) are left at the kernel's defaults.
     */
    public void restrictSelf() throws KernelException {
        Syscalls.call(Syscall.LANDLOCK_RESTRICT_SELF, (long) fd, 0L);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            closeQuietly(fd);
            scratch.close();
        }
    }

    private static void closeQuietly(int fd) {
        try {
            LibC.close(fd);
        } catch (LastErrorException e) {
            // Nothing useful to do about a failed close of an O_PATH or ruleset descriptor.
        }
    }
}
