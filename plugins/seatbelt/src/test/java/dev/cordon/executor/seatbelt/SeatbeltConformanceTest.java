package dev.cordon.executor.seatbelt;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.Executor;

/** The executor conformance suite: it runs where the probe finds macOS, and is skipped elsewhere. */
class SeatbeltConformanceTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new SeatbeltExecutor();
    }
}
