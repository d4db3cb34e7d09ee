package dev.cordon.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Where a running {@code cordon serve} says how to reach it: port and token, readable by its user
 * only. Clients that can read it may use the service; nobody else on the machine can.
 *
 * @param port the loopback port
 * @param token the bearer token every request must carry
 * @param pid the server's process id
 */
public record ServerFile(int port, String token, long pid) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code $XDG_STATE_HOME/cordon/serve.json}, else {@code ~/.local/state/cordon/serve.json}. */
    public static Path location(Map<String, String> env) {
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".local", "state");
        return base.resolve("cordon").resolve("serve.json");
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(file.getParent(), "serve", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        ObjectNode node = JSON.createObjectNode().put("port", port).put("token", token).put("pid", pid);
        Files.writeString(temp, node.toString());
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static ServerFile read(Path file) throws IOException {
        JsonNode node = JSON.readTree(Files.readString(file));
        if (node == null || !node.hasNonNull("port") || !node.hasNonNull("token")) {
            throw new IOException("`" + file + "` does not describe a server");
        }
        return new ServerFile(node.get("port").asInt(), node.get("token").asText(), node.path("pid").asLong());
    }
}
