package dev.cordon.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One command to run.
 *
 * @param runId identifies the run for {@link Executor#kill(String)}
 * @param argv program and arguments, as {@code execve} would get them
 * @param cwd working directory
 * @param env the complete environment of the child: the core has already reduced it to the
 *     profile's allow-list, executors add nothing from their own environment
 * @param confinement what the command may touch
 * @param timeout wall-clock limit; the whole process tree is killed when it passes
 * @param outputLimitBytes bytes of stdout and of stderr each that are kept in the result
 */
public record ExecRequest(
        String runId,
        List<String> argv,
        Path cwd,
        Map<String, String> env,
        Confinement confinement,
        Duration timeout,
        long outputLimitBytes) {

    public ExecRequest {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv is empty");
        }
    }
}
