package dev.cordon.executor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.Capability;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Promise;
import dev.cordon.spi.Violation;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What every executor must do with processes, whatever it isolates. */
abstract class ProcessConformance extends ConformanceBase {

    @Test
    void reportsTheExitCode() throws Exception {
        ExecResult result = sh("exit 7");
        assertEquals(7, result.exitCode());
        assertEquals(0, result.signal());
        assertFalse(result.timedOut());
        assertEquals(executor.id(), result.executor());
    }

    @Test
    void reportsTheEndingSignal() throws Exception {
        ExecResult result = sh("kill -KILL $$");
        assertEquals(128 + 9, result.exitCode());
        assertEquals(9, result.signal());
    }

    @Test
    void keepsStdoutAndStderrApart() throws Exception {
        ExecResult result = sh("echo to-out; echo to-err >&2; echo more-out");
        assertEquals("to-out\nmore-out\n", result.stdout());
        assertEquals("to-err\n", result.stderr());
        assertEquals(0, result.exitCode());
    }

    @Test
    void capsHugeOutputWithoutRunningOutOfMemory() throws Exception {
        ExecRequest request = Fixture.withOutputLimit(fixture.sh("yes | head -c 200000000", Duration.ofSeconds(50)), 1 << 20);
        ExecResult result = run(request);
        assertEquals(0, result.exitCode());
        assertEquals(1 << 20, result.stdout().length());
        assertTrue(result.stdout().startsWith("y\ny\n"));
        assertTrue(result.stdoutTruncated());
        assertFalse(result.stderrTruncated());
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.OUTPUT_LIMIT), result.violations()::toString);
    }

    @Test
    void streamsOutputWhileTheCommandRuns() throws Exception {
        AtomicLong firstChunkAt = new AtomicLong();
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        OutputListener listener = new OutputListener() {
            @Override
            public void stdout(byte[] bytes, int offset, int length) {
                firstChunkAt.compareAndSet(0, System.nanoTime());
                synchronized (streamed) {
                    streamed.write(bytes, offset, length);
                }
            }
        };
        ExecResult result = executor.execute(fixture.sh("echo first; sleep 1; echo second", Duration.ofSeconds(20)), listener);
        long returnedAt = System.nanoTime();
        assertEquals("first\nsecond\n", result.stdout());
        assertEquals("first\nsecond\n", streamed.toString());
        assertTrue(returnedAt - firstChunkAt.get() > 500_000_000L, "the first line arrived only at the end");
    }

    @Test
    void theEnvironmentIsExactlyTheRequests() throws Exception {
        ExecRequest request = fixture.request(List.of("/usr/bin/env"), Duration.ofSeconds(20),
                dev.cordon.spi.NetworkPolicy.NONE, dev.cordon.spi.Limits.NONE);
        ExecResult result = run(request);
        Map<String, String> seen = new TreeMap<>();
        for (String line : result.stdout().split("\n")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                seen.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        Map<String, String> expected = new TreeMap<>(fixture.env());
        if (keeps(Promise.PRIVATE_TEMP, request.confinement())) {
            // The one variable an executor sets: TMPDIR names the run's own temp, not the caller's.
            assertNotEquals(expected.get("TMPDIR"), seen.get("TMPDIR"));
            expected.put("TMPDIR", seen.get("TMPDIR"));
        }
        assertEquals(expected, seen);
    }

    @Test
    void theParentsEnvironmentDoesNotLeak() throws Exception {
        Set<String> parentOnly = new java.util.HashSet<>(System.getenv().keySet());
        parentOnly.removeAll(fixture.env().keySet());
        ExecResult result = sh("env");
        for (String name : parentOnly) {
            assertFalse(result.stdout().contains(name + "=" + System.getenv(name)) && !System.getenv(name).isEmpty(),
                    "the child saw the parent's " + name);
        }
        if (claims(Capability.READ_ISOLATION)) {
            long jvm = ProcessHandle.current().pid();
            ExecResult direct = sh("cat /proc/" + jvm + "/environ; echo end");
            assertEquals("end\n", direct.stdout(), "the JVM's environment was readable");
        }
    }

    @Test
    void stdinIsEmpty() throws Exception {
        ExecResult result = sh("cat; echo read-all");
        assertEquals("read-all\n", result.stdout());
    }

    @Test
    void aTimeoutEndsTheCommand() throws Exception {
        long start = System.nanoTime();
        ExecResult result = sh("sleep 30", Duration.ofMillis(700));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(result.timedOut());
        assertEquals(9, result.signal());
        assertTrue(millis < 10_000, "took " + millis + " ms");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.TIMEOUT), result.violations()::toString);
    }

    @Test
    void aTimeoutKillsEveryDetachedProcess() throws Exception {
        assumeClaims(Capability.PROCESS_TREE);
        Survivors marked = Survivors.newMarker();
        try {
            ExecResult result = sh(detachingScript(marked) + "; sleep " + marked.sleepArgument(), Duration.ofSeconds(2));
            assertTrue(result.timedOut());
            assertEquals(List.of(), marked.awaitGone(2000), "processes survived the timeout");
        } finally {
            marked.killLeftovers();
        }
    }

    @Test
    void backgroundChildrenDoNotOutliveTheCommand() throws Exception {
        assumeClaims(Capability.PROCESS_TREE);
        Survivors marked = Survivors.newMarker();
        try {
            long start = System.nanoTime();
            ExecResult result = sh(detachingScript(marked) + "; sleep 0.3; echo done", Duration.ofSeconds(20));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals("done\n", result.stdout());
            assertFalse(result.timedOut());
            assertTrue(millis < 8_000, "took " + millis + " ms");
            assertEquals(List.of(), marked.awaitGone(2000), "background processes outlived the command");
        } finally {
            marked.killLeftovers();
        }
    }

    /** Three ways to leave a process group: a new session, nohup in the background, a double fork. */
    private static String detachingScript(Survivors marked) {
        String sleep = "sleep " + marked.sleepArgument();
        return "setsid " + sleep + " >/dev/null 2>&1 & nohup " + sleep + " >/dev/null 2>&1 & (" + sleep + " >/dev/null 2>&1 &)";
    }
}
