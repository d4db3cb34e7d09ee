package dev.cordon.executor.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class LocalExecutorTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new LocalExecutor();
    }

    @Test
    void everyResultSaysNothingWasIsolated() throws Exception {
        ExecResult result = run(fixture.request(List.of("true"), Duration.ofSeconds(10), NetworkPolicy.NONE,
                new Limits(10, 0, 0, 0)));
        assertEquals(List.of(LocalExecutor.NO_ISOLATION, "local executor: network policy none not enforced",
                "local executor: resource limits not enforced"), result.notes());
    }

    @Test
    void claimsNothingAndSaysSoInItsProbe() {
        assertEquals(java.util.Set.of(), executor.capabilities());
        assertEquals("runs commands without any isolation", executor.probe().summary());
    }

    @Test
    void isFoundByTheServiceLoader() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == LocalExecutor.class));
    }

    @Test
    void aMissingProgramIsAnExecutorError() {
        dev.cordon.spi.ExecutorException error = org.junit.jupiter.api.Assertions.assertThrows(
                dev.cordon.spi.ExecutorException.class,
                () -> run(fixture.request(List.of("/nonexistent/tool"), Duration.ofSeconds(5), NetworkPolicy.NONE, Limits.NONE)));
        assertEquals("cannot start `/nonexistent/tool`: no such file or directory", error.getMessage());
    }
}
