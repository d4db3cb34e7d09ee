package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WslExecutorTest {

    @Test
    void isFoundByTheServiceLoaderAndClaimsNothing() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == WslExecutor.class));
        WslExecutor executor = new WslExecutor();
        assertEquals("wsl", executor.id());
        assertEquals(10, executor.priority());
        assertEquals(Set.of(), executor.capabilities(), "a shared workspace is no write isolation");
    }

    @Test
    void refusesToRunOffWindows() {
        WslExecutor executor = new WslExecutor(new WslHost("Linux", "wsl.exe", Path.of("/x"), Optional.empty(), Map.of()));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(), List.of(Path.of("/w")), List.of(), List.of(),
                NetworkPolicy.NONE, Limits.NONE);
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor.execute(new ExecRequest("r", List.of("true"),
                Path.of("/w"), Map.of(), confinement, Duration.ofSeconds(5), 1024), OutputListener.NONE));
        assertEquals("wsl needs Windows with WSL2; this machine runs `Linux`", error.getMessage());
    }

    @Test
    void everyResultSaysWhatWasNotIsolated() {
        Confinement confinement = new Confinement(Path.of("C:\\w"), List.of(), List.of(Path.of("C:\\w")), List.of(), List.of(),
                NetworkPolicy.NONE, new Limits(16, 1L << 30, 0, 0));
        assertEquals(List.of("wsl executor: no write isolation; the command can change anything the Windows user can under /mnt",
                        "wsl executor: network policy none not enforced",
                        "wsl executor: the memory limit applies to each process's address space, not to the whole tree",
                        "wsl executor: the process limit counts every process of the distribution's user"),
                WslExecutor.notes(confinement));
    }

    @Test
    void sandboxSetupStatusAndResetGoThroughTheExecutor() throws Exception {
        java.nio.file.Path temp = java.nio.file.Files.createTempDirectory("cordon-wsl-test");
        try {
            java.nio.file.Path rootfs = java.nio.file.Files.writeString(temp.resolve("rootfs.tar.gz"), "rootfs\n");
            java.nio.file.Path file = java.nio.file.Files.writeString(temp.resolve("d.yaml"), "name: cordon-test\nrootfs:\n  url: "
                    + rootfs.toUri() + "\n  sha256: " + WslRootfs.digest(rootfs) + "\n");
            FakeWsl wsl = new FakeWsl();
            WslExecutor executor = new WslExecutor(new WslHost("Windows 11", "wsl.exe", temp.resolve("data"), Optional.of(file),
                    Map.of()), wsl);
            assertEquals(List.of("setup", "status", "reset"), executor.maintenanceCommands());
            assertEquals("distro `cordon-test` is not set up; run `cordon sandbox setup`", executor.maintain("status", line -> { }));
            List<String> progress = new java.util.ArrayList<>();
            assertEquals("distro `cordon-test`: stopped, WSL 2", executor.maintain("setup", progress::add));
            assertEquals("distro `cordon-test` is ready", progress.get(progress.size() - 1));
            assertEquals("distro `cordon-test`: stopped, WSL 2", executor.maintain("reset", line -> { }));
            ExecutorException error = assertThrows(ExecutorException.class, () -> executor.maintain("upgrade", line -> { }));
            assertEquals("the wsl executor has no `upgrade` command; it has setup, status, reset", error.getMessage());
        } finally {
            try (var paths = java.nio.file.Files.walk(temp)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void maintenanceOffWindowsSaysWhy() {
        WslExecutor executor = new WslExecutor(new WslHost("Linux", "wsl.exe", Path.of("/x"), Optional.empty(), Map.of()), new FakeWsl());
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor.maintain("setup", line -> { }));
        assertEquals("wsl needs Windows with WSL2; this machine runs `Linux`", error.getMessage());
    }

    @Test
    void wslExeGetsAFewWindowsVariablesAndNothingElse() {
        assertEquals(Map.of("SystemRoot", "C:\\Windows", "LOCALAPPDATA", "C:\\Users\\me\\AppData\\Local", "WSL_UTF8", "1"),
                WslProcesses.environment(Map.of("SystemRoot", "C:\\Windows", "LOCALAPPDATA", "C:\\Users\\me\\AppData\\Local",
                        "GITHUB_TOKEN", "secret", "WSLENV", "GITHUB_TOKEN/u")));
    }
}
