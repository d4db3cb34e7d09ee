package dev.cordon.linux;

import com.sun.jna.LastErrorException;

/** The {@code prctl} options this library uses; all of them act on the calling thread only. */
public final class Prctl {

    static final int PR_GET_SECCOMP = 21;
    static final int PR_CAPBSET_READ = 23;
    static final int PR_CAPBSET_DROP = 24;
    static final int PR_GET_SECUREBITS = 27;
    static final int PR_SET_SECUREBITS = 28;
    static final int PR_SET_NO_NEW_PRIVS = 38;
    static final int PR_GET_NO_NEW_PRIVS = 39;
    static final int PR_CAP_AMBIENT = 47;
    static final int PR_CAP_AMBIENT_CLEAR_ALL = 4;

    private Prctl() {
    }

    /**
     * Sets no-new-privs on the calling thread: neither it nor anything it executes can gain
     * privileges through setuid binaries or file capabilities. It cannot be undone.
     */
    public static void setNoNewPrivs() throws KernelException {
        call("prctl(PR_SET_NO_NEW_PRIVS)", PR_SET_NO_NEW_PRIVS, 1);
    }

    /** Whether no-new-privs is set on the calling thread. */
    public static boolean noNewPrivs() throws KernelException {
        return call("prctl(PR_GET_NO_NEW_PRIVS)", PR_GET_NO_NEW_PRIVS, 0) == 1;
    }

    /** The calling thread's seccomp mode: 0 none, 2 filter. */
    public static int seccompMode() throws KernelException {
        return call("prctl(PR_GET_SECCOMP)", PR_GET_SECCOMP, 0);
    }

    static int call(String what, int option, long arg2) throws KernelException {
        return call(what, option, arg2, 0);
    }

    static int call(String what, int option, long arg2, long arg3) throws KernelException {
        try {
            return LibC.prctl(option, arg2, arg3, 0, 0);
        } catch (LastErrorException e) {
            throw KernelException.of(what, e.getErrorCode());
        }
    }
}
