package dev.cordon.executor.docker;

import dev.cordon.spi.ExecutorException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The container's environment as an {@code --env-file}: exactly the request's variables, one
 * {@code NAME=value} line each, never on the command line where every user of the machine could
 * read them. Docker takes each line literally after the first {@code =} and has no escapes, so a
 * value holding a line break cannot be carried and is refused; a line without {@code =} would
 * copy the docker client's own variable, which the format here never produces.
 */
final class DockerEnvFile {

    private DockerEnvFile() {
    }

    static String render(Map<String, String> env) throws ExecutorException {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> entry : new TreeMap<>(env).entrySet()) {
            String name = entry.getKey();
            String value = entry.getValue();
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.startsWith("#") || name.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
                throw new ExecutorException("environment variable name `" + name.replaceAll("\\p{Cntrl}", "?")
                        + "` cannot be passed to docker");
            }
            if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\0') >= 0) {
                throw new ExecutorException("environment variable `" + name
                        + "` holds a line break, which docker's environment file cannot carry");
            }
            out.append(name).append('=').append(value).append('\n');
        }
        return out.toString();
    }
}
