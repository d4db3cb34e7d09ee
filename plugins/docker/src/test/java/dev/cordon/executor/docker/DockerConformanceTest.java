package dev.cordon.executor.docker;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.spi.Executor;

/**
 * The executor conformance suite against a real daemon and image: it runs where the probe finds
 * both (and the trial container confined), and is skipped elsewhere.
 */
class DockerConformanceTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new DockerExecutor();
    }
}
