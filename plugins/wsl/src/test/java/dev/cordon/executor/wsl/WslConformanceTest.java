package dev.cordon.executor.wsl;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.Executor;

/** The executor conformance suite: it runs where the probe finds the distribution set up, and is skipped elsewhere. */
class WslConformanceTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new WslExecutor();
    }
}
