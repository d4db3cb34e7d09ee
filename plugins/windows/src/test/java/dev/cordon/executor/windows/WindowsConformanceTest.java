package dev.cordon.executor.windows;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.Executor;

/** The executor conformance suite: it runs where the probe says the executor is available, and is skipped elsewhere. */
class WindowsConformanceTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new WindowsExecutor();
    }
}
