package dev.cordon.executor.support;

import java.io.IOException;

/**
 * Starts a prepared process. The default is {@link ProcessBuilder#start()}; confining executors
 * start it from a thread that carries the confinement so that only the child inherits it.
 */
@FunctionalInterface
public interface Launcher {

    Launcher DIRECT = ProcessBuilder::start;

    Process launch(ProcessBuilder builder) throws IOException;
}
