package dev.cordon.linux;

import java.util.Map;

/** Names and meanings of the errno values the kernel interfaces here return. */
public final class Errno {

    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int ESRCH = 3;
    public static final int EINTR = 4;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENOTDIR = 20;
    public static final int EINVAL = 22;
    public static final int E2BIG = 7;
    public static final int ENOSYS = 38;
    public static final int EOPNOTSUPP = 95;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(EPERM, "EPERM (operation not permitted)"),
            Map.entry(ENOENT, "ENOENT (no such file or directory)"),
            Map.entry(ESRCH, "ESRCH (no such process)"),
            Map.entry(EINTR, "EINTR (interrupted)"),
            Map.entry(EBADF, "EBADF (bad file descriptor)"),
            Map.entry(EAGAIN, "EAGAIN (try again)"),
            Map.entry(ENOMEM, "ENOMEM (out of memory)"),
            Map.entry(EACCES, "EACCES (permission denied)"),
            Map.entry(EFAULT, "EFAULT (bad address)"),
            Map.entry(EBUSY, "EBUSY (busy)"),
            Map.entry(EEXIST, "EEXIST (exists)"),
            Map.entry(ENOTDIR, "ENOTDIR (not a directory)"),
            Map.entry(EINVAL, "EINVAL (invalid argument)"),
            Map.entry(E2BIG, "E2BIG (argument too big)"),
            Map.entry(ENOSYS, "ENOSYS (not implemented by this kernel)"),
            Map.entry(EOPNOTSUPP, "EOPNOTSUPP (not supported or disabled)"));

    private Errno() {
    }

    /** {@code EACCES (permission denied)}, or {@code errno 71} for one without a name here. */
    public static String describe(int errno) {
        return NAMES.getOrDefault(errno, "errno " + errno);
    }
}
