package dev.cordon.executor.docker;

import java.io.IOException;
import java.time.Duration;

/**
 * What docker recorded about a container that ended: whether the kernel killed it at its memory
 * limit, and the error of a command docker could not start (a missing program, say), which
 * makes the run an executor error rather than a result.
 *
 * @param oomKilled {@code .State.OOMKilled}
 * @param error {@code .State.Error}, empty when there was none
 */
record DockerState(boolean oomKilled, String error) {

    static final Duration INSPECT_LIMIT = Duration.ofSeconds(10);
    static final String FORMAT = "{{.State.OOMKilled}} {{json .State.Error}}";

    static DockerState inspect(DockerClient docker, String name) throws IOException {
        DockerClient.Reply reply = docker.call(INSPECT_LIMIT, "inspect", "--format", FORMAT, name);
        if (!reply.ok()) {
            throw new IOException("cannot inspect container `" + name + "`: " + reply.firstError());
        }
        return parse(reply.stdout().strip());
    }

    /** Reads {@code true "message"}: a boolean, a space, a JSON string. */
    static DockerState parse(String text) throws IOException {
        int space = text.indexOf(' ');
        if (space < 0 || !text.endsWith("\"") || text.charAt(space + 1) != '"') {
            throw new IOException("unexpected container state `" + text + "`");
        }
        String json = text.substring(space + 2, text.length() - 1);
        StringBuilder error = new StringBuilder();
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '\\' && i + 1 < json.length()) {
                char next = json.charAt(++i);
                switch (next) {
                    case 'n' -> error.append(' ');
                    case 't' -> error.append(' ');
                    case 'u' -> {
                        error.append((char) Integer.parseInt(json.substring(i + 1, Math.min(i + 5, json.length())), 16));
                        i += 4;
                    }
                    default -> error.append(next);
                }
            } else {
                error.append(c);
            }
        }
        return new DockerState(text.substring(0, space).equals("true"), error.toString().strip());
    }
}
