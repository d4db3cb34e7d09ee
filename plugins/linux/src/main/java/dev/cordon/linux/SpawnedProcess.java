package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * A child started by {@link NativeSpawn}. The JDK does not know it, so no JDK reaper thread waits
 * for it. Either the thread that started it calls {@link #reap()} and blocks there until it ends
 * (that thread is then the child's parent thread for its whole life, which is what
 * {@code PR_SET_PDEATHSIG}, bwrap's {@code --die-with-parent}, watches), or, when that thread may
 * end first, the threads that wait for the child wait on its pidfd and reap it themselves
 * ({@link #letWaitersReap()}): one thread wake-up fewer when it ends. Exit values follow the JDK:
 * the status, or {@code 128 + signal}.
 */
public final class SpawnedProcess extends Process {

    private static final int P_PID = 1;
    private static final int WEXITED = 4;
    private static final int WNOWAIT = 0x01000000;
    private static final int SIGINFO_BYTES = 128;
    /** A wait status: killed by SIGKILL. */
    private static final int KILLED = 9;
    private static final int WNOHANG = 1;
    private static final int POLLIN = 1;
    /** A waiter polls at most this long at a time, so that an interrupt reaches it. */
    private static final long POLL_SLICE_MILLIS = 100;

    private final long pid;
    private final InputStream stdout;
    private final InputStream stderr;
    /** The child's pidfd, -1 when there is none or it was closed. */
    private int pidfd;
    private boolean waitersReap;
    private int pollers;
    private ProcessHandle handle;
    private boolean exited;
    private int exitValue;

    SpawnedProcess(long pid, int pidfd, InputStream stdout, InputStream stderr) {
        this.pid = pid;
        this.pidfd = pidfd;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Whether the waiters could wait for the child themselves (it has a pidfd). */
    synchronized boolean waitable() {
        return pidfd >= 0;
    }

    /**
     * From now on the threads that wait for the child reap it, and the thread that started it may
     * end. Call it before the process is handed to anyone.
     */
    synchronized void letWaitersReap() {
        if (pidfd < 0) {
            throw new IllegalStateException("child " + pid + " has no pidfd to wait on");
        }
        waitersReap = true;
    }


    /**
     * Takes the child's {@link ProcessHandle}, on a thread that may read {@code /proc} (the
     * starting thread may be confined). The handle keeps the child's start time, so a kill through
     * it never reaches a later process that got the same pid; {@link #reap()} waits for it.
     */
    synchronized void adopt() {
        if (handle == null) {
            handle = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("child " + pid + " is gone"));
            notifyAll();
        }
    }

    /**
     * Waits on the calling thread (the one that started the child) until the child has ended,
     * then records its exit value. The child is reaped only once it was adopted and is marked
     * ended first, so nothing here can signal a process that reuses its pid.
     */
    void reap() {
        synchronized (this) {
            closePidfdIfDone(true);
        }
        Memory info = new Memory(SIGINFO_BYTES);
        boolean waited = retrying(() -> SpawnLibC.waitid(P_PID, (int) pid, info, WEXITED | WNOWAIT));
        int[] status = {KILLED};
        synchronized (this) {
            boolean interrupted = false;
            while (handle == null) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (waited) {
                retrying(() -> SpawnLibC.waitpid((int) pid, status, 0));
            }
            record(status[0]);
        }
    }

    @Override
    public OutputStream getOutputStream() {
        // Standard input is a file (the null device), never a pipe.
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return stdout;
    }

    @Override
    public InputStream getErrorStream() {
        return stderr;
    }

    @Override
    public int waitFor() throws InterruptedException {
        while (!waitFor(POLL_SLICE_MILLIS, TimeUnit.MILLISECONDS)) {
            // Slices, so that an interrupt is seen between them.
        }
        synchronized (this) {
            return exitValue;
        }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long remaining = deadline - System.nanoTime();
            synchronized (this) {
                if (exited) {
                    return true;
                }
                if (remaining <= 0) {
                    return false;
                }
                if (!waitersReap) {
                    TimeUnit.NANOSECONDS.timedWait(this, remaining);
                    continue;
                }
            }
            awaitExit(Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(POLL_SLICE_MILLIS)));
        }
    }

    /** Polls the pidfd (readable once the child has ended) and reaps the child when it has. */
    private void awaitExit(long nanos) {
        int fd;
        synchronized (this) {
            if (exited) {
                return;
            }
            fd = pidfd;
            pollers++;
        }
        try {
            int[] pollfd = {fd, POLLIN};
            int ready;
            try {
                ready = SpawnLibC.poll(pollfd, 1, (int) Math.max(0, (nanos + 999_999) / 1_000_000));
            } catch (LastErrorException e) {
                ready = 0; // interrupted by a signal: the caller polls again
            }
            if (ready > 0) {
                reapEnded();
            }
        } finally {
            synchronized (this) {
                pollers--;
                closePidfdIfDone(false);
            }
        }
    }

    /** Reaps the child, which the pidfd says has ended, without blocking. */
    private synchronized void reapEnded() {
        if (exited) {
            return;
        }
        int[] status = new int[1];
        try {
            if (SpawnLibC.waitpid((int) pid, status, WNOHANG) == pid) {
                record(status[0]);
            }
        } catch (LastErrorException e) {
            // Nobody else reaps this child; should it be gone anyway, report it killed rather than wait forever.
            record(KILLED);
        }
    }

    private void record(int status) {
        int signal = status & 0x7f;
        exitValue = signal == 0 ? (status >> 8) & 0xff : 0x80 + signal;
        exited = true;
        notifyAll();
    }

    /** The pidfd goes once the child was reaped and nobody polls it (or at once when unused). */
    private void closePidfdIfDone(boolean unused) {
        if (pidfd >= 0 && (unused || exited && pollers == 0)) {
            NativeSpawn.closeQuietly(pidfd);
            pidfd = -1;
        }
    }

    @Override
    public synchronized int exitValue() {
        if (!exited) {
            throw new IllegalThreadStateException("process " + pid + " has not exited");
        }
        return exitValue;
    }

    @Override
    public boolean isAlive() {
        synchronized (this) {
            if (exited || !waitersReap) {
                return !exited;
            }
        }
        awaitExit(0);
        synchronized (this) {
            return !exited;
        }
    }

    @Override
    public void destroy() {
        kill(false);
    }

    @Override
    public Process destroyForcibly() {
        kill(true);
        return this;
    }

    @Override
    public boolean supportsNormalTermination() {
        return true;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public synchronized ProcessHandle toHandle() {
        if (handle == null) {
            throw new IllegalStateException("child " + pid + " was not adopted");
        }
        return handle;
    }

    private synchronized void kill(boolean force) {
        if (exited) {
            return;
        }
        if (force) {
            toHandle().destroyForcibly();
        } else {
            toHandle().destroy();
        }
    }

    /**
     * A wait that a signal to this thread (the JVM uses some) interrupts is resumed. Any other
     * failure cannot happen for a child of this process that nobody else reaps; should it happen,
     * the child is reported killed rather than waited for forever.
     */
    private static boolean retrying(WaitCall call) {
        while (true) {
            try {
                call.run();
                return true;
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Errno.EINTR) {
                    return false;
                }
            }
        }
    }

    @FunctionalInterface
    private interface WaitCall {
        void run() throws LastErrorException;
    }
}
