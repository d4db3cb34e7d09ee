package dev.cordon.linux;

/** A kernel interface refused or failed; the message names the call and the errno. */
public final class KernelException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int errno;

    public KernelException(String message, int errno) {
        super(message);
        this.errno = errno;
    }

    static KernelException of(String call, int errno) {
        return new KernelException(call + ": " + Errno.describe(errno), errno);
    }

    /** The errno, or 0 when the failure was not a system call's. */
    public int errno() {
        return errno;
    }
}
