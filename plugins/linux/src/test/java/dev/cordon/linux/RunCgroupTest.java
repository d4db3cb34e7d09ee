package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.spi.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Run cgroups on the real kernel; skipped where this process cannot make cgroups. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunCgroupTest {

    private static Cgroups cgroups(Cgroups.Version version) {
        try {
            return Cgroups.open(CgroupLayout.current(), Optional.of(version));
        } catch (KernelException e) {
            assumeTrue(false, "no usable cgroup " + version + ": " + e.getMessage());
            throw new AssertionError(e);
        }
    }

    /** A builder as the process runner prepares it: standard input from the null device. */
    private static ProcessBuilder builder(String... argv) {
        return new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }

    /** The processes listed, without this JVM (whose spawning thread may still sit in the cgroup). */
    private static List<Long> pidsIn(String text) {
        long self = ProcessHandle.current().pid();
        return Arrays.stream(text.trim().split("\\s+")).filter(s -> !s.isEmpty()).map(Long::parseLong)
                .filter(pid -> pid != self).toList();
    }

    @Test
    void theChildStartsInsideAndTheJvmStaysOutsideV1() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        try (RunCgroup cgroup = cgroups.create("placement", Limits.NONE)) {
            Process process = cgroup.launcher(ThreadSetup.NONE).launch(builder("cat", "/proc/self/cgroup"));
            String membership = new String(process.getInputStream().readAllBytes());
            process.waitFor();
            String pidsLine = membership.lines().filter(line -> line.contains(":pids:")).findFirst().orElseThrow();
            assertTrue(pidsLine.endsWith(cgroup.procsDir().getFileName().toString()), membership);
            cgroups.awaitBackground();
            String own = Files.readString(Path.of("/proc/self/cgroup"));
            assertFalse(own.contains(cgroup.procsDir().getFileName().toString()), "the JVM moved into the run cgroup: " + own);
            String runDir = cgroup.procsDir().getFileName().toString();
            for (Path task : Files.list(Path.of("/proc/self/task")).toList()) {
                assertFalse(Files.readString(task.resolve("cgroup")).contains(runDir), "thread " + task);
            }
        }
    }

    @Test
    void theParkedThreadsSetupReachesTheChildWithoutTheLaunchRepeatingItV1() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        cgroups.parkedSetup(Prctl::setNoNewPrivs);
        try (RunCgroup cgroup = cgroups.create("parked-setup", Limits.NONE)) {
            Process process = cgroup.launcher(ThreadSetup.NONE).launch(builder("cat", "/proc/self/status"));
            String status = new String(process.getInputStream().readAllBytes());
            process.waitFor();
            assertTrue(status.lines().anyMatch(line -> line.matches("NoNewPrivs:\\s+1")), status);
        } finally {
            cgroups.close();
        }
        assertFalse(Prctl.noNewPrivs(), "the caller's own thread must stay unrestricted");
    }

    @Test
    void aFailingParkedSetupRefusesTheRunV1() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        cgroups.parkedSetup(() -> {
            throw new KernelException("refused on purpose", 0);
        });
        try {
            KernelException refused = org.junit.jupiter.api.Assertions.assertThrows(KernelException.class,
                    () -> cgroups.create("parked-failure", Limits.NONE));
            assertTrue(refused.getMessage().contains("refused on purpose"), refused.getMessage());
            String message = refused.getMessage();
            String name = Path.of(message.substring(message.indexOf('`') + 1, message.indexOf('`', message.indexOf('`') + 1)))
                    .getFileName().toString();
            for (Path parent : cgroups.parents().values()) {
                assertFalse(Files.exists(parent.resolve(name)), "the refused run's cgroup was left: " + parent.resolve(name));
            }
        } finally {
            cgroups.close();
        }
    }

    @Test
    void killAllEndsDetachedProcessesV1() throws Exception {
        killAllEndsDetachedProcesses(Cgroups.Version.V1);
    }

    @Test
    void killAllEndsDetachedProcessesV2() throws Exception {
        killAllEndsDetachedProcesses(Cgroups.Version.V2);
    }

    private static void killAllEndsDetachedProcesses(Cgroups.Version version) throws Exception {
        Cgroups cgroups = cgroups(version);
        RunCgroup cgroup = cgroups.create("detached", Limits.NONE);
        try {
            // Three ways out of a process group: setsid, nohup in the background, a double fork.
            ProcessBuilder builder = builder("sh", "-c",
                    "setsid sleep 60 & nohup sleep 60 & (sleep 60 &); sleep 0.3; exit 0");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
            Process root = cgroup.launcher(ThreadSetup.NONE).launch(builder);
            root.waitFor();
            List<Long> left = pidsIn(Files.readString(procsOf(cgroup)));
            assertEquals(3, left.size(), "three sleepers should have outlived their parent: " + left);
            cgroup.killAll();
            assertTrue(cgroup.isEmpty());
            for (long pid : left) {
                assertFalse(running(pid), "pid " + pid + " survived");
            }
        } finally {
            cgroup.close();
        }
        cgroups.awaitBackground();
        assertFalse(Files.exists(procsOf(cgroup).getParent()), "cgroup directory left behind");
    }

    /** Alive and not a zombie waiting to be reaped by its new parent. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static Path procsOf(RunCgroup cgroup) {
        return cgroup.procsDir().resolve("cgroup.procs");
    }

    @Test
    void aForkBombStopsAtTheProcessLimit() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        try (RunCgroup cgroup = cgroups.create("forkbomb", new Limits(20, 0, 0, 0))) {
            ProcessBuilder builder = builder("sh", "-c",
                    "i=0; while [ $i -lt 60 ]; do sleep 30 & i=$((i+1)); done 2>/dev/null; echo started");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
            cgroup.launcher(ThreadSetup.NONE).launch(builder).waitFor();
            Path pids = procsOf(cgroup).getParent();
            // With the native spawn the spawning thread counts until the run ends (JDK start: it and
            // a new JDK reaper thread count for the first milliseconds).
            long current = Long.parseLong(Files.readString(pids.resolve("pids.current")).trim());
            assertTrue(current <= (ChildStart.nativeSpawn() ? 21 : 22), "pids.current " + current);
            assertTrue(cgroup.events().processLimitHits() > 0, "no fork was refused");
            cgroup.killAll();
            assertTrue(cgroup.isEmpty());
            assertEquals("", Files.readString(pids.resolve("cgroup.procs")));
        }
    }

    @Test
    void aMemoryBombIsKilledAtTheMemoryLimit() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        assumeTrue(cgroups.limitsMemory(), "no memory controller");
        try (RunCgroup cgroup = cgroups.create("membomb", new Limits(0, 64L << 20, 0, 0))) {
            Process root = cgroup.launcher(ThreadSetup.NONE).launch(builder("perl", "-e", "$x = 'x' x (400 * 1024 * 1024); print length $x"));
            root.getInputStream().readAllBytes();
            assertNotEquals(0, root.waitFor());
            assertEquals(137, root.exitValue());
            assertTrue(cgroup.events().oomKills() > 0, "no OOM kill counted: " + cgroup.events());
            assertTrue(cgroup.peakMemoryBytes() >= 60L << 20, "peak " + cgroup.peakMemoryBytes());
        }
    }

    @Test
    void reportsCpuOfTheWholeTree() throws Exception {
        Cgroups cgroups = cgroups(Cgroups.Version.V1);
        try (RunCgroup cgroup = cgroups.create("cpu", Limits.NONE)) {
            Process root = cgroup.launcher(ThreadSetup.NONE).launch(builder("sh", "-c",
                    "(i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done) & (i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done) & wait"));
            root.waitFor();
            assertTrue(cgroup.cpu().orElseThrow().toMillis() > 50, "cpu " + cgroup.cpu());
        }
    }

    @Test
    void refusesLimitsItCannotEnforce() {
        Cgroups cgroups = cgroups(Cgroups.Version.V2);
        assumeTrue(!cgroups.limitsMemory(), "this host delegates the v2 memory controller");
        KernelException refused = org.junit.jupiter.api.Assertions.assertThrows(KernelException.class,
                () -> cgroups.create("nomem", new Limits(0, 1 << 20, 0, 0)));
        assertEquals("no memory controller is available to limit memory", refused.getMessage());
    }
}
