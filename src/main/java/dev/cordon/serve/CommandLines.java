package dev.cordon.serve;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the server answers with: a command line run in-process as if in the client's shell. The
 * command line itself lives above this package, so the server knows nothing of its commands.
 */
public interface CommandLines extends AutoCloseable {

    /** Starts what is worth having ready before the first request (executor probes). */
    void warm();

    /** Runs {@code args} in the client's working directory and environment, with no terminal. */
    Outcome run(Path cwd, Map<String, String> env, List<String> args);

    @Override
    void close();

    /** What a command line printed and how it exited. */
    record Outcome(int exitCode, String stdout, String stderr) {
    }
}
