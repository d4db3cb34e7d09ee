package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * A child started by {@link NativeSpawn}. The JDK does not know it, so no JDK reaper thread waits
 * for it: the thread that started it calls {@link #reap()} and blocks there until it ends. That
 * thread is the child's parent thread, which is what {@code PR_SET_PDEATHSIG} (bwrap's
 * {@code --die-with-parent}) watches, so the child outlives it never. Exit values follow the
 * JDK: the status, or {@code 128 + signal}.
 */
public final class SpawnedProcess extends Process {

    private static final int P_PID = 1;
    private static final int WEXITED = 4;
    private static final int WNOWAIT = 0x01000000;
    private static final int SIGINFO_BYTES = 128;
    /** A wait status: killed by SIGKILL. */
    private static final int KILLED = 9;

    private final long pid;
    private final InputStream stdout;
    private final InputStream stderr;
    private ProcessHandle handle;
    private boolean exited;
    private int exitValue;

    SpawnedProcess(long pid, InputStream stdout, InputStream stderr) {
        this.pid = pid;
        this.stdout = stdout;
        this.stderr = stderr;
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
            int signal = status[0] & 0x7f;
            exitValue = signal == 0 ? (status[0] >> 8) & 0xff : 0x80 + signal;
            exited = true;
            notifyAll();
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
    public synchronized int waitFor() throws InterruptedException {
        while (!exited) {
            wait();
        }
        return exitValue;
    }

    @Override
    public synchronized boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!exited) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, remaining);
        }
        return true;
    }

    @Override
    public synchronized int exitValue() {
        if (!exited) {
            throw new IllegalThreadStateException("process " + pid + " has not exited");
        }
        return exitValue;
    }

    @Override
    public synchronized boolean isAlive() {
        return !exited;
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
