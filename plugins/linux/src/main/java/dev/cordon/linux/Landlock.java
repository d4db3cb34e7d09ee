package dev.cordon.linux;

/**
 * Landlock access rights and ABI discovery. Rights the running kernel's ABI does not know must
 * not be handled or granted; {@link #fsRights(int)} and friends give the masks per ABI.
 */
public final class Landlock {

    // Filesystem rights (ABI 1 unless noted).
    public static final long EXECUTE = 1L << 0;
    public static final long WRITE_FILE = 1L << 1;
    public static final long READ_FILE = 1L << 2;
    public static final long READ_DIR = 1L << 3;
    public static final long REMOVE_DIR = 1L << 4;
    public static final long REMOVE_FILE = 1L << 5;
    public static final long MAKE_CHAR = 1L << 6;
    public static final long MAKE_DIR = 1L << 7;
    public static final long MAKE_REG = 1L << 8;
    public static final long MAKE_SOCK = 1L << 9;
    public static final long MAKE_FIFO = 1L << 10;
    public static final long MAKE_BLOCK = 1L << 11;
    public static final long MAKE_SYM = 1L << 12;
    /** ABI 2: link or rename a file to another directory. */
    public static final long REFER = 1L << 13;
    /** ABI 3: truncate a file. */
    public static final long TRUNCATE = 1L << 14;
    /** ABI 5: ioctl on a character or block device. */
    public static final long IOCTL_DEV = 1L << 15;

    // Network rights (ABI 4).
    public static final long BIND_TCP = 1L << 0;
    public static final long CONNECT_TCP = 1L << 1;

    // Scopes (ABI 6).
    public static final long SCOPE_ABSTRACT_UNIX_SOCKET = 1L << 0;
    public static final long SCOPE_SIGNAL = 1L << 1;

    /** Rights that apply to a file; a rule on a non-directory may only grant these. */
    public static final long FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV;
    /** Reading and executing. */
    public static final long READ_RIGHTS = EXECUTE | READ_FILE | READ_DIR;
    /** Everything that changes a file or a directory. */
    public static final long WRITE_RIGHTS = WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG
            | MAKE_SOCK | MAKE_FIFO | MAKE_BLOCK | MAKE_SYM | REFER | TRUNCATE | IOCTL_DEV;

    static final int CREATE_RULESET_VERSION = 1;

    /** The newest ABI this library knows. */
    public static final int NEWEST_KNOWN_ABI = 7;

    private Landlock() {
    }

    /**
     * The Landlock ABI of the running kernel, or 0 when Landlock is missing or disabled
     * ({@code landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)}).
     */
    public static int abi() {
        try {
            return (int) Syscalls.call(Syscall.LANDLOCK_CREATE_RULESET, 0L, 0L, (long) CREATE_RULESET_VERSION);
        } catch (KernelException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            return 0;
        }
    }

    /** Filesystem rights the given ABI can handle. */
    public static long fsRights(int abi) {
        long rights = EXECUTE | READ_FILE | READ_DIR | WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR
                | MAKE_REG | MAKE_SOCK | MAKE_FIFO | MAKE_BLOCK | MAKE_SYM;
        if (abi >= 2) {
            rights |= REFER;
        }
        if (abi >= 3) {
            rights |= TRUNCATE;
        }
        if (abi >= 5) {
            rights |= IOCTL_DEV;
        }
        return abi >= 1 ? rights : 0;
    }

    /** Network rights the given ABI can handle. */
    public static long netRights(int abi) {
        return abi >= 4 ? BIND_TCP | CONNECT_TCP : 0;
    }

    /** Scopes the given ABI can restrict. */
    public static long scopes(int abi) {
        return abi >= 6 ? SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL : 0;
    }
}
