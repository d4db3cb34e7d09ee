package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeatbeltCommandTest {

    private static final Path SANDBOX_EXEC = Path.of("/usr/bin/sandbox-exec");

    @Test
    void withoutLimitsTheCommandFollowsTheProfileDirectly() throws Exception {
        assertEquals(List.of("/usr/bin/sandbox-exec", "-p", "(version 1)", "git", "status", "--short"),
                SeatbeltCommand.argv(SANDBOX_EXEC, "(version 1)", Limits.NONE, List.of("git", "status", "--short")));
    }

    @Test
    void cpuAndFileSizeLimitsAreSetByAShellThatBecomesSandboxExec() throws Exception {
        assertEquals(List.of("/bin/sh", "-c", "ulimit -t 30 && ulimit -f 204800 && exec \"$@\"", "cordon-seatbelt",
                        "/usr/bin/sandbox-exec", "-p", "P", "/bin/echo", "a b", "$(x)"),
                SeatbeltCommand.argv(SANDBOX_EXEC, "P", new Limits(0, 0, 30, 100L << 20), List.of("/bin/echo", "a b", "$(x)")));
    }

    @Test
    void aFileSizeBelowOneBlockRoundsDownToNothingWritable() {
        assertEquals("ulimit -f 0 && exec \"$@\"", SeatbeltLimits.script(new Limits(0, 0, 0, 100)).orElseThrow());
    }

    @Test
    void memoryAndProcessLimitsAreReportedAsNotEnforced() {
        assertEquals(java.util.Optional.empty(), SeatbeltLimits.script(new Limits(64, 1L << 30, 0, 0)));
        assertEquals(List.of("seatbelt executor: memory limit not enforced (macOS ignores address-space rlimits)",
                        "seatbelt executor: process limit not enforced (the macOS process rlimit counts every process of the user)"),
                SeatbeltLimits.unenforced(new Limits(64, 1L << 30, 10, 10)));
        assertEquals(List.of(), SeatbeltLimits.unenforced(new Limits(0, 0, 10, 10)));
    }

    @Test
    void aProgramNameThatLooksLikeAnOptionIsRefused() {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> SeatbeltCommand.argv(SANDBOX_EXEC, "P", Limits.NONE, List.of("-f", "/tmp/other.sb")));
        assertEquals("seatbelt cannot run a program named `-f`: it starts with `-`", error.getMessage());
    }
}
