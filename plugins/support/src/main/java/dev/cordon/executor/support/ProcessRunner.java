package dev.cordon.executor.support;

import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Usage;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one prepared process to its end: stdin from the null device, stdout and stderr drained
 * concurrently and capped, every chunk streamed, the timeout honoured, the whole tree killed when
 * the root ends, times out or is cancelled, and the usage reported. One instance per executor;
 * it is safe to run several commands at once.
 */
public final class ProcessRunner {

    /** How often a running tree is sampled for usage and descendants. */
    public static final Duration SAMPLE_INTERVAL = Duration.ofMillis(100);

    /** How long output may still drain once every process of the tree was killed. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(2);

    private static final File NULL_DEVICE =
            new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");

    /** Output readers, reused between runs: starting two threads per command costs more than the command. */
    private static final ExecutorService READERS = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "cordon-output");
        thread.setDaemon(true);
        return thread;
    });

    private final ConcurrentMap<String, ActiveRun> active = new ConcurrentHashMap<>();

    /**
     * Starts the builder through the settings' launcher and blocks until every process of the run
     * has ended or was killed.
     *
     * @throws IOException when the process could not be started; nothing ran in that case
     * @throws IllegalArgumentException when a run with the same id is still running
     */
    public RunOutcome run(ProcessBuilder builder, RunSettings settings, OutputListener listener) throws IOException {
        builder.redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE));
        builder.redirectOutput(ProcessBuilder.Redirect.PIPE);
        builder.redirectError(ProcessBuilder.Redirect.PIPE);
        builder.redirectErrorStream(false);
        ActiveRun run = new ActiveRun(settings.tree());
        if (active.putIfAbsent(settings.runId(), run) != null) {
            throw new IllegalArgumentException("run `" + settings.runId() + "` is already running");
        }
        try {
            return runRegistered(builder, settings, listener, run);
        } finally {
            active.remove(settings.runId(), run);
        }
    }

    /** Kills the whole tree of a running command; a no-op for an unknown run id. */
    public void cancel(String runId) {
        ActiveRun run = active.get(runId);
        if (run != null) {
            run.cancel();
        }
    }

    private RunOutcome runRegistered(ProcessBuilder builder, RunSettings settings, OutputListener listener, ActiveRun run)
            throws IOException {
        ProcessTree tree = settings.tree();
        long start = System.nanoTime();
        Process process = settings.launcher().launch(builder);
        tree.attach(process);
        run.started(process);
        StreamCapture out = new StreamCapture(process.getInputStream(), settings.outputLimitBytes(), listener::stdout);
        StreamCapture err = new StreamCapture(process.getErrorStream(), settings.outputLimitBytes(), listener::stderr);
        Future<?> outReader = reader(out);
        Future<?> errReader = reader(err);

        RunOutcome.Ending ending = awaitRoot(process, settings, run, start);
        if (ending != RunOutcome.Ending.EXITED) {
            tree.killAll();
            killRoot(process);
        }
        awaitExit(process);
        // Background children must not outlive the command, however they detached.
        tree.killAll();
        List<String> notes = new ArrayList<>();
        if (!join(outReader, errReader)) {
            notes.add("output written after the command ended was not captured: "
                    + "a process that left the process tree still holds the output open");
        }
        long end = System.nanoTime();

        ExitStatus status = ending == RunOutcome.Ending.EXITED
                ? ExitStatus.fromJava(process.exitValue())
                : ExitStatus.killed(ExitStatus.SIGKILL);
        if (ending == RunOutcome.Ending.CANCELLED) {
            notes.add("cancelled; the process tree was killed");
        }
        addFailureNotes(notes, "stdout", out);
        addFailureNotes(notes, "stderr", err);
        Usage usage = new Usage(Duration.ofNanos(end - start), tree.cpu().orElse(Duration.ZERO), tree.peakMemoryBytes());
        return new RunOutcome(status, ending, settings.hasTimeout() ? settings.timeout() : Duration.ZERO,
                out.text(), err.text(), out.totalBytes(), err.totalBytes(), settings.outputLimitBytes(), usage, notes);
    }

    private static RunOutcome.Ending awaitRoot(Process process, RunSettings settings, ActiveRun run, long start) {
        long deadline = start + settings.timeout().toNanos();
        long sampleNanos = SAMPLE_INTERVAL.toNanos();
        try {
            while (true) {
                if (run.cancelled()) {
                    return RunOutcome.Ending.CANCELLED;
                }
                long wait = sampleNanos;
                if (settings.hasTimeout()) {
                    long remaining = deadline - System.nanoTime();
                    if (remaining <= 0) {
                        return RunOutcome.Ending.TIMED_OUT;
                    }
                    wait = Math.min(wait, remaining);
                }
                if (process.waitFor(wait, TimeUnit.NANOSECONDS)) {
                    // A cancel kills the root, which then exits: report the cancel, not the exit.
                    return run.cancelled() ? RunOutcome.Ending.CANCELLED : RunOutcome.Ending.EXITED;
                }
                settings.tree().sample();
            }
        } catch (InterruptedException e) {
            // The caller gave up on the command: end it like a cancel and keep the interrupt.
            Thread.currentThread().interrupt();
            return RunOutcome.Ending.CANCELLED;
        }
    }

    private static void awaitExit(Process process) {
        boolean interrupted = false;
        while (true) {
            try {
                process.waitFor();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                killRoot(process);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the root without {@link Process#destroyForcibly()}, which would also close its output streams. */
    private static void killRoot(Process process) {
        process.toHandle().destroyForcibly();
    }

    private static Future<?> reader(StreamCapture capture) {
        return READERS.submit(capture);
    }

    private static boolean join(Future<?> first, Future<?> second) {
        long deadline = System.nanoTime() + DRAIN_GRACE.toNanos();
        try {
            first.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            second.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    private static void addFailureNotes(List<String> notes, String stream, StreamCapture capture) {
        if (capture.failure() != null) {
            notes.add("reading " + stream + " failed: " + capture.failure());
        }
        if (capture.sinkFailure() != null) {
            notes.add("the output listener failed on " + stream + " (" + capture.sinkFailure()
                    + "); the output was still captured");
        }
    }

    /** A running command that {@link #cancel(String)} can reach. */
    private static final class ActiveRun {
        private final ProcessTree tree;
        private Process process;
        private boolean cancelled;

        ActiveRun(ProcessTree tree) {
            this.tree = tree;
        }

        synchronized void started(Process started) {
            process = started;
            if (cancelled) {
                kill();
            }
        }

        synchronized void cancel() {
            cancelled = true;
            if (process != null) {
                kill();
            }
        }

        synchronized boolean cancelled() {
            return cancelled;
        }

        private void kill() {
            tree.killAll();
            ProcessRunner.killRoot(process);
        }
    }
}
