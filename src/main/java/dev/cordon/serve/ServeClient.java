package dev.cordon.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The command line's side of the warm path: with {@code CORDON_SERVER=auto} (or a URL), a command
 * line is sent to a running {@code cordon serve} and answered from its compiled rules. When no
 * server answers, the caller runs the command line itself: the same policy, only slower.
 */
public final class ServeClient {

    private ServeClient() {
    }

    /**
     * Sends the command line when the environment asks for it and a server answers.
     *
     * @return the exit code, or empty when the command line must run in this process
     */
    public static OptionalInt forward(String[] args, Path cwd, Map<String, String> env, PrintStream out,
            PrintStream err, boolean terminal) {
        String server = env.get("CORDON_SERVER");
        if (server == null || server.isBlank() || server.equals("off") || !forwardable(args, terminal)) {
            return OptionalInt.empty();
        }
        try {
            ServerFile file = ServerFile.read(ServerFile.location(env));
            String base = server.equals("auto") ? "http://127.0.0.1:" + file.port() : server;
            // Made here, not in a static field: most command lines never forward, and loading
            // Jackson costs a cold start a tenth of a second or more.
            ObjectMapper json = new ObjectMapper();
            ObjectNode body = json.createObjectNode();
            body.put("cwd", cwd.toString());
            body.putPOJO("env", env);
            body.putPOJO("args", args);
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/v1/cli"))
                    .timeout(Duration.ofHours(1))
                    .header("Authorization", "Bearer " + file.token())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)))
                    .build();
            HttpResponse<byte[]> response = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build()
                    .send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                return OptionalInt.empty();
            }
            JsonNode answer = json.readTree(response.body());
            out.write(answer.path("stdout").asText().getBytes(StandardCharsets.UTF_8));
            err.write(answer.path("stderr").asText().getBytes(StandardCharsets.UTF_8));
            out.flush();
            err.flush();
            return OptionalInt.of(answer.path("exit_code").asInt(1));
        } catch (IOException | IllegalArgumentException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    /** Serving itself stays local; so does a run that a human at this terminal may need to approve. */
    private static boolean forwardable(String[] args, boolean terminal) {
        if (args.length == 0 || args[0].equals("serve")) {
            return false;
        }
        return !args[0].equals("run") || !terminal;
    }
}
