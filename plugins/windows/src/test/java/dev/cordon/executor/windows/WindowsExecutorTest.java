package dev.cordon.executor.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.cordon.spi.Capability;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WindowsExecutorTest {

    @Test
    void isFoundByTheServiceLoader() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == WindowsExecutor.class));
        WindowsExecutor executor = new WindowsExecutor();
        assertEquals("windows", executor.id());
        assertEquals(100, executor.priority());
        assertEquals(Set.of(Capability.WRITE_ISOLATION, Capability.PROCESS_TREE), executor.capabilities());
    }

    @Test
    void isUnavailableOffWindowsAndSaysWhy() {
        assumeFalse(System.getProperty("os.name").startsWith("Windows"), "this machine is Windows");
        assertEquals(Probe.unavailable("windows executor needs Windows; this machine runs `" + System.getProperty("os.name") + "`"),
                new WindowsExecutor().probe());
    }

    @Test
    void onWindowsItIsUnavailableUntilItsNativeLayerExistsAndNeverRunsUnconfined() {
        WindowsExecutor executor = new WindowsExecutor("Windows 11");
        assertEquals(Probe.unavailable(WindowsExecutor.NOT_BUILT), executor.probe());
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor.execute(new ExecRequest("r",
                List.of("cmd.exe"), Path.of("C:\\w"), Map.of(), null, Duration.ofSeconds(1), 1), OutputListener.NONE));
        assertEquals(WindowsExecutor.NOT_BUILT, error.getMessage());
    }

    @Test
    void offersNoMaintenanceCommands() {
        WindowsExecutor executor = new WindowsExecutor("Windows 11");
        assertEquals(List.of(), executor.maintenanceCommands());
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor.maintain("setup", line -> { }));
        assertEquals("the windows executor has no `setup` command", error.getMessage());
    }
}
