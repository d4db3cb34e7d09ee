package dev.cordon.cli;

import dev.cordon.executor.ExecutorRegistry;
import java.nio.file.Path;

/**
 * What is expensive to build and worth keeping across command lines in one process: the executor
 * registry with its probes. (Compiled rules are cached by the engine itself.)
 */
public final class Services implements AutoCloseable {

    private final Path home;
    private ExecutorRegistry registry;

    public Services(Path home) {
        this.home = home;
    }

    public synchronized ExecutorRegistry registry() {
        if (registry == null) {
            registry = ExecutorRegistry.load(home.resolve("plugins"));
            registry.startProbes();
        }
        return registry;
    }

    @Override
    public synchronized void close() {
        if (registry != null) {
            registry.close();
        }
    }
}
