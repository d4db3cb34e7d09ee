package dev.cordon.executor.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.ExecResult;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Violation;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessRunnerTest {

    private final ProcessRunner runner = new ProcessRunner();

    private RunOutcome sh(String script, Duration timeout, long limit, OutputListener listener) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", script);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        return runner.run(builder, new RunSettings("run-" + System.nanoTime(), timeout, limit, Launcher.DIRECT,
                new DescendantTree()), listener);
    }

    private RunOutcome sh(String script) throws IOException {
        return sh(script, Duration.ofSeconds(20), 1 << 20, OutputListener.NONE);
    }

    @Test
    void reportsExitCodeAndSeparatesStreams() throws IOException {
        RunOutcome outcome = sh("echo out; echo err >&2; exit 3");
        assertEquals(new ExitStatus(3, 0), outcome.status());
        assertEquals("out\n", outcome.stdout());
        assertEquals("err\n", outcome.stderr());
        assertEquals(RunOutcome.Ending.EXITED, outcome.ending());
        assertEquals(List.of(), outcome.violations());
    }

    @Test
    void reportsTheSignalThatEndedTheProcess() throws IOException {
        RunOutcome outcome = sh("kill -TERM $$");
        assertEquals(new ExitStatus(143, 15), outcome.status());
    }

    @Test
    void stdinIsTheNullDevice() throws IOException {
        RunOutcome outcome = sh("cat; echo done");
        assertEquals("done\n", outcome.stdout());
    }

    @Test
    void keepsAtMostTheLimitAndCountsEverything() throws IOException {
        AtomicLong streamed = new AtomicLong();
        OutputListener counting = new OutputListener() {
            @Override
            public void stdout(byte[] bytes, int offset, int length) {
                streamed.addAndGet(length);
            }
        };
        RunOutcome outcome = sh("head -c 50000000 /dev/zero", Duration.ofSeconds(20), 1000, counting);
        assertEquals(1000, outcome.stdout().length());
        assertEquals(50_000_000, outcome.stdoutBytes());
        assertEquals(50_000_000, streamed.get());
        assertTrue(outcome.stdoutTruncated());
        assertFalse(outcome.stderrTruncated());
        assertEquals(List.of(new Violation(Violation.Kind.OUTPUT_LIMIT,
                "stdout: 50000000 bytes written, the first 1000 kept")), outcome.violations());
    }

    @Test
    void aFailingListenerDoesNotStopTheCapture() throws IOException {
        OutputListener failing = new OutputListener() {
            @Override
            public void stderr(byte[] bytes, int offset, int length) {
                throw new IllegalStateException("listener broke");
            }
        };
        RunOutcome outcome = sh("echo one >&2; echo two >&2", Duration.ofSeconds(20), 100, failing);
        assertEquals("one\ntwo\n", outcome.stderr());
        assertEquals(List.of("the output listener failed on stderr (listener broke); the output was still captured"),
                outcome.notes());
    }

    @Test
    void timeoutKillsTheTree() throws IOException {
        long start = System.nanoTime();
        RunOutcome outcome = sh("sleep 30 & echo $!; wait", Duration.ofMillis(500), 1000, OutputListener.NONE);
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(RunOutcome.Ending.TIMED_OUT, outcome.ending());
        assertEquals(ExitStatus.killed(ExitStatus.SIGKILL), outcome.status());
        assertTrue(elapsedMillis < 5000, "took " + elapsedMillis + " ms");
        long sleeper = Long.parseLong(outcome.stdout().trim());
        assertTrue(endsWithin(sleeper, Duration.ofSeconds(5)), "sleep survived");
        assertEquals(List.of(new Violation(Violation.Kind.TIMEOUT, "timed out after 0.5 s; the process tree was killed")),
                outcome.violations());
    }

    @Test
    void cancelKillsARunningCommand() throws Exception {
        // `exec`: no child for a tree sampler to miss when the cancel comes first (trees have their own tests).
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", "exec sleep 30");
        CompletableFuture<RunOutcome> running = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(builder, new RunSettings("cancel-me", Duration.ofSeconds(30), 100, Launcher.DIRECT,
                        new DescendantTree()), OutputListener.NONE);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        // Cancel may arrive before the process started; the runner kills it as soon as it does.
        while (!running.isDone()) {
            runner.cancel("cancel-me");
            Thread.sleep(20);
        }
        RunOutcome outcome = running.get(10, TimeUnit.SECONDS);
        assertEquals(RunOutcome.Ending.CANCELLED, outcome.ending());
        assertEquals(9, outcome.status().signal());
        assertEquals(List.of("cancelled; the process tree was killed"), outcome.notes());
    }

    @Test
    void refusesASecondRunWithTheSameId() throws Exception {
        // `exec`: no child for a tree sampler to miss when the cancel comes first (trees have their own tests).
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", "exec sleep 30");
        RunSettings settings = new RunSettings("twice", Duration.ofSeconds(30), 100, Launcher.DIRECT, new DescendantTree());
        CompletableFuture<RunOutcome> first = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(builder, settings, OutputListener.NONE);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(300);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> runner.run(new ProcessBuilder("true"), settings, OutputListener.NONE));
        assertEquals("run `twice` is already running", refused.getMessage());
        runner.cancel("twice");
        first.get(10, TimeUnit.SECONDS);
    }

    @Test
    void failsToStartWithoutRunning() {
        ProcessBuilder builder = new ProcessBuilder("/nonexistent/program");
        assertThrows(IOException.class, () -> runner.run(builder,
                new RunSettings("missing", Duration.ofSeconds(1), 100, Launcher.DIRECT, new DescendantTree()),
                OutputListener.NONE));
    }

    @Test
    void measuresWallAndCpuOfABusyCommand() throws IOException {
        RunOutcome outcome = sh("i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done");
        assertTrue(outcome.usage().wall().toMillis() >= 100, "wall " + outcome.usage().wall());
        assertTrue(outcome.usage().cpu().toMillis() > 0, "cpu " + outcome.usage().cpu());
        assertTrue(outcome.usage().peakMemoryBytes() > 0, "peak " + outcome.usage().peakMemoryBytes());
    }

    @Test
    void requestEnvironmentIsTheWholeEnvironment() throws IOException {
        ProcessBuilder builder = Requests.processBuilder(new dev.cordon.spi.ExecRequest("env", List.of("/usr/bin/env"),
                java.nio.file.Path.of("/"), Map.of("ONLY", "this"), null, Duration.ofSeconds(5), 1000));
        RunOutcome outcome = runner.run(builder,
                new RunSettings("env", Duration.ofSeconds(5), 1000, Launcher.DIRECT, new DescendantTree()),
                OutputListener.NONE);
        assertEquals("ONLY=this\n", outcome.stdout());
    }

    @Test
    void buildsTheResultWithExecutorViolationsAndNotes() throws IOException {
        RunOutcome outcome = sh("exit 1");
        Violation write = new Violation(Violation.Kind.FILE_WRITE, "write to /etc/x: EACCES");
        ExecResult result = outcome.toResult("test", List.of(write), List.of("no isolation"));
        assertEquals("test", result.executor());
        assertEquals(1, result.exitCode());
        assertEquals(List.of(write), result.violations());
        assertEquals(List.of("no isolation"), result.notes());
    }

    /** A killed orphan stays visible until init reaps it, which a loaded machine may delay. */
    private static boolean endsWithin(long pid, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
