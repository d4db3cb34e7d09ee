package dev.cordon.executor.testkit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Promise;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Set-up shared by the conformance tests: a fresh executor and {@link Fixture} per test, the
 * executor's probe (taken once per test class; an unavailable executor skips every test), and
 * helpers to run requests.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class ConformanceBase {

    private static final Map<Class<?>, Probe> PROBES = new ConcurrentHashMap<>();

    @TempDir
    Path temp;

    /** The executor under test. */
    protected Executor executor;
    /** The directories of this test. */
    protected Fixture fixture;

    /** A new instance of the executor under test; closed after each test. */
    protected abstract Executor createExecutor();

    @BeforeEach
    final void setUpExecutor() throws IOException {
        executor = createExecutor();
        Probe probe = PROBES.computeIfAbsent(getClass(), ignored -> executor.probe());
        assumeTrue(probe.available(), () -> executor.id() + " is unavailable here: " + probe.summary());
        fixture = Fixture.create(temp);
    }

    @AfterEach
    final void closeExecutor() {
        if (executor != null) {
            executor.close();
        }
    }

    /** The probe result of this executor on this machine. */
    protected final Probe probe() {
        return PROBES.get(getClass());
    }

    protected final boolean claims(Capability capability) {
        return executor.capabilities().contains(capability);
    }

    protected final void assumeClaims(Capability capability) {
        assumeTrue(claims(capability), () -> executor.id() + " does not claim " + capability);
    }

    /** Whether the executor says the kernel keeps {@code promise} for this confinement. */
    protected final boolean keeps(Promise promise, Confinement confinement) {
        return executor.guarantees(confinement).stream().anyMatch(g -> g.promise() == promise && g.byKernel());
    }

    /** Skips the test unless the kernel keeps {@code promise} for this confinement under the executor. */
    protected final void assumeKeeps(Promise promise, Confinement confinement) {
        assumeTrue(keeps(promise, confinement), () -> executor.id() + " leaves `" + promise.name().toLowerCase(java.util.Locale.ROOT)
                + "` to the policy layer here: " + executor.guarantees(confinement).stream()
                        .filter(g -> g.promise() == promise).map(Guarantee::detail).findFirst().orElse("not answered"));
    }

    protected final ExecResult run(ExecRequest request) throws ExecutorException {
        return executor.execute(request, OutputListener.NONE);
    }

    protected final ExecResult sh(String script) throws ExecutorException {
        return run(fixture.sh(script, Duration.ofSeconds(30)));
    }

    protected final ExecResult sh(String script, Duration timeout) throws ExecutorException {
        return run(fixture.sh(script, timeout));
    }

    /** {@code 'text'} quoted for sh. */
    protected static String quote(Object text) {
        return "'" + text.toString().replace("'", "'\\''") + "'";
    }
}
