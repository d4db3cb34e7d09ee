package dev.cordon.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Where a running {@code cordon serve} says how to reach it: port and token, readable by its user
 * only. Clients that can read it may use the service; nobody else on the machine can. Read and
 * written with Jackson's streaming API: the client reads it in a cold JVM.
 *
 * @param port the loopback port
 * @param token the bearer token every request must carry
 * @param pid the server's process id
 */
public record ServerFile(int port, String token, long pid) {

    private static final JsonFactory JSON = new JsonFactory();

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
        try (OutputStream out = Files.newOutputStream(temp); JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("port", port);
            json.writeStringField("token", token);
            json.writeNumberField("pid", pid);
            json.writeEndObject();
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static ServerFile read(Path file) throws IOException {
        int port = -1;
        String token = null;
        long pid = 0;
        try (JsonParser json = JSON.createParser(Files.readAllBytes(file))) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("`" + file + "` does not describe a server");
            }
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                json.nextToken();
                switch (field) {
                    case "port" -> port = json.getIntValue();
                    case "token" -> token = json.getText();
                    case "pid" -> pid = json.getLongValue();
                    default -> json.skipChildren();
                }
            }
        }
        if (port <= 0 || token == null) {
            throw new IOException("`" + file + "` does not describe a server");
        }
        return new ServerFile(port, token, pid);
    }
}
