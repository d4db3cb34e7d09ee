package dev.cordon.executor.landlock;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.Executor;

class LandlockExecutorTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new LandlockExecutor();
    }
}
