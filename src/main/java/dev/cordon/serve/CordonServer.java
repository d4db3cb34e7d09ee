package dev.cordon.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.cordon.hook.Adapters;
import dev.cordon.hook.ClaudeCodeAdapter;
import dev.cordon.hook.EventInput;
import dev.cordon.hook.HookAnswer;
import dev.cordon.hook.HookRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The warm path: an HTTP JSON service on the loopback interface that keeps compiled rules and
 * executor probes across requests. Every request carries the bearer token from the server file;
 * ASK is always denied here (no human is present). Endpoints:
 * {@code GET /v1/health}, {@code POST /v1/decide}, {@code POST /v1/run}, {@code POST /v1/cli}, and
 * {@code POST /v1/hook/claude-code} for Claude Code's HTTP hook type.
 */
public final class CordonServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BODY = 1 << 20;

    private final Map<String, String> serverEnv;
    private final String token;
    private final String version;
    private final CommandLines commandLines;
    private final HookRun hooks;
    private final HttpServer http;
    private final ExecutorService threads;
    private volatile Runnable onRequest = () -> { };

    /**
     * @param commandLines runs each request's command line; closed with the server
     * @param hooks answers hook events
     * @param version what {@code /v1/health} reports
     */
    public CordonServer(CommandLines commandLines, HookRun hooks, String version, Map<String, String> serverEnv,
            int port, String token) throws IOException {
        this.commandLines = commandLines;
        this.hooks = hooks;
        this.version = version;
        this.serverEnv = Map.copyOf(serverEnv);
        this.token = token;
        this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        this.threads = Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2));
        http.setExecutor(threads);
        context("/v1/health", this::health);
        context("/v1/cli", exchange -> handle(exchange, this::cli));
        context("/v1/decide", exchange -> handle(exchange, body -> embedded(body, ServeArguments.decide(body))));
        context("/v1/run", exchange -> handle(exchange, body -> embedded(body, ServeArguments.run(body))));
        context("/v1/hook/" + ClaudeCodeAdapter.AGENT, this::claudeCodeHook);
    }

    /** Runs {@code action} before every request: the service counts them as activity. */
    public void onEveryRequest(Runnable action) {
        onRequest = action;
    }

    private void context(String path, HttpHandler handler) {
        http.createContext(path, exchange -> {
            onRequest.run();
            handler.handle(exchange);
        });
    }

    /**
     * Claude Code's HTTP hook: the event as the body, the answer as the body. The protocol has no
     * exit codes, so a refusal is a deny answer; any answer but 2xx would let the tool run.
     */
    private void claudeCodeHook(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!authorized(exchange)) {
                respond(exchange, 401, error("missing or wrong bearer token"));
                return;
            }
            byte[] event;
            try {
                event = exchange.getRequestBody().readNBytes(EventInput.MAX_BYTES + 1);
            } catch (IOException e) {
                event = new byte[0];
            }
            HookAnswer answer = event.length > EventInput.MAX_BYTES
                    ? HookAnswer.refusal("the event is larger than " + (EventInput.MAX_BYTES >> 20) + " MiB")
                    : hooks.answer(Adapters.of(ClaudeCodeAdapter.AGENT), event, serverEnv);
            String body = answer.refused() ? ClaudeCodeAdapter.denial(answer.refusalReason()) : answer.stdout().strip();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    public void start() {
        commandLines.warm();
        http.start();
    }

    public int port() {
        return http.getAddress().getPort();
    }

    private void health(HttpExchange exchange) throws IOException {
        ObjectNode body = JSON.createObjectNode().put("status", "ok").put("version", version);
        respond(exchange, 200, body);
    }

    private interface Endpoint {
        JsonNode answer(JsonNode body) throws IOException;
    }

    private void handle(HttpExchange exchange, Endpoint endpoint) throws IOException {
        try (exchange) {
            if (!authorized(exchange)) {
                respond(exchange, 401, error("missing or wrong bearer token"));
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                respond(exchange, 405, error("use POST"));
                return;
            }
            JsonNode body;
            try {
                body = JSON.readTree(limited(exchange.getRequestBody()));
            } catch (IOException e) {
                respond(exchange, 400, error("the body is not JSON: " + e.getMessage()));
                return;
            }
            if (body == null || !body.isObject()) {
                respond(exchange, 400, error("the body must be a JSON object"));
                return;
            }
            try {
                respond(exchange, 200, endpoint.answer(body));
            } catch (IllegalArgumentException e) {
                respond(exchange, 400, error(e.getMessage()));
            }
        }
    }

    /** Runs a command line as if in the client's shell: its cwd and environment. */
    private JsonNode cli(JsonNode body) {
        List<String> args = ServeArguments.strings(body, "args");
        CommandLines.Outcome result = execute(body, args);
        return JSON.createObjectNode().put("exit_code", result.exitCode())
                .put("stdout", result.stdout()).put("stderr", result.stderr());
    }

    /** Runs a {@code --json} command and returns its JSON, with the exit code and any stderr. */
    private JsonNode embedded(JsonNode body, List<String> args) throws IOException {
        CommandLines.Outcome result = execute(body, args);
        JsonNode parsed = result.stdout().isBlank() ? null : JSON.readTree(result.stdout());
        ObjectNode answer = parsed instanceof ObjectNode object ? object : JSON.createObjectNode();
        answer.put("exit_code", result.exitCode());
        if (!result.stderr().isBlank()) {
            answer.put("messages", result.stderr());
        }
        return answer;
    }

    private CommandLines.Outcome execute(JsonNode body, List<String> args) {
        Map<String, String> env = new HashMap<>(serverEnv);
        env.putAll(ServeArguments.map(body, "env"));
        Path cwd = Path.of(body.path("cwd").asText(env.getOrDefault("PWD", serverEnv.getOrDefault("HOME", "/"))));
        if (!cwd.isAbsolute()) {
            throw new IllegalArgumentException("`cwd` must be an absolute path");
        }
        return commandLines.run(cwd, env, args);
    }

    private boolean authorized(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        byte[] given = header.substring("Bearer ".length()).trim().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] limited(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) {
            throw new IOException("body larger than " + MAX_BODY + " bytes");
        }
        return bytes;
    }

    private static ObjectNode error(String message) {
        return JSON.createObjectNode().put("error", message);
    }

    private static void respond(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        http.stop(1);
        threads.shutdownNow();
        commandLines.close();
    }
}
