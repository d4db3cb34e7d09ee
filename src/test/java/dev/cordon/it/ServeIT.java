package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm path: {@code cordon serve} answers decisions, runs and forwarded command lines. */
class ServeIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void theServiceDecidesRunsAndAnswersForwardedCommandLines() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Path serverFile = cordon.home().resolve(".local/state/cordon/serve.json");
        ProcessBuilder builder = new ProcessBuilder(Cordon.dist().resolve("bin/cordon").toString(), "serve")
                .directory(workspace.toFile()).redirectErrorStream(true)
                .redirectOutput(temp.resolve("serve.log").toFile());
        builder.environment().clear();
        builder.environment().putAll(cordon.environment());
        Process server = builder.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(serverFile) && System.nanoTime() < deadline && server.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(Files.exists(serverFile), () -> "no server file; log: " + read(temp.resolve("serve.log")));
            JsonNode file = JSON.readTree(Files.readString(serverFile));
            String base = "http://127.0.0.1:" + file.get("port").asInt();
            String token = file.get("token").asText();
            HttpClient http = HttpClient.newHttpClient();

            HttpResponse<String> anonymous = http.send(post(base + "/v1/decide", "nope", "{\"command\":\"ls\"}"),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, anonymous.statusCode());

            String decide = JSON.createObjectNode().put("command", "rm -r -f /").put("cwd", workspace.toString())
                    .toString();
            JsonNode denied = JSON.readTree(http.send(post(base + "/v1/decide", token, decide),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertEquals("DENY", denied.get("decision").asText(), denied::toString);
            assertEquals(10, denied.get("exit_code").asInt());

            String run = JSON.createObjectNode().put("command", "echo served > out.txt; cat out.txt")
                    .put("cwd", workspace.toString()).toString();
            JsonNode ran = JSON.readTree(http.send(post(base + "/v1/run", token, run),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertEquals("served\n", ran.get("stdout").asText(), ran::toString);
            assertEquals(0, ran.get("exit_code").asInt(), ran::toString);

            // The client is pointed at a distribution that does not exist: only the server can answer.
            Cordon.Result forwarded = cordon.env("CORDON_SERVER", "auto")
                    .env("CORDON_JAVA_OPTS", "-Dcordon.home=" + temp.resolve("no-such-distribution"))
                    .run(workspace, "policy", "test", "--json", "--", "rm -r -f /");
            assertEquals(10, forwarded.code(), forwarded::toString);
            assertEquals("DENY", JSON.readTree(forwarded.out()).get("decision").asText());
        } finally {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        assertTrue(!Files.exists(serverFile), "the server file is removed when the server stops");
    }

    private static HttpRequest post(String url, String token, String body) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static String read(Path file) {
        try {
            return String.join("\n", Files.exists(file) ? Files.readAllLines(file) : List.of());
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
