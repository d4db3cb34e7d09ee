package dev.cordon.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.hook.HookAnswer;
import dev.cordon.serve.BuildStamp;
import dev.cordon.serve.HookClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Clients that send Claude Code events to the server at once, over its socket as the launcher
 * does, and check every answer against the decision expected of its event.
 */
final class HookLoad {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param answered how many calls got an answer
     * @param wrong a line for every call answered otherwise than expected (or not at all)
     */
    record Report(int answered, List<String> wrong) {
    }

    private HookLoad() {
    }

    /**
     * @param expected per event, the expected {@code permissionDecision}, or "" for a silent answer
     */
    static Report run(Path dist, Path socket, Map<String, String> env, List<byte[]> events, List<String> expected,
            int clients, int calls) throws Exception {
        String stamp = BuildStamp.of(dist);
        AtomicInteger answered = new AtomicInteger();
        List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < calls; i++) {
                        int which = (client + i) % events.size();
                        Optional<HookAnswer> answer = HookClient.ask(socket, "claude-code", stamp, env,
                                events.get(which), Duration.ofSeconds(60));
                        if (answer.isEmpty()) {
                            wrong.add("client " + client + " call " + i + ": no answer");
                            continue;
                        }
                        answered.incrementAndGet();
                        String got = decision(answer.get());
                        if (!got.equals(expected.get(which))) {
                            wrong.add("client " + client + " call " + i + ": expected `" + expected.get(which)
                                    + "`, got `" + got + "`: " + answer.get());
                        }
                    }
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return new Report(answered.get(), List.copyOf(wrong));
    }

    private static String decision(HookAnswer answer) {
        if (answer.exitCode() != 0) {
            return "exit " + answer.exitCode();
        }
        if (answer.stdout().isEmpty()) {
            return "";
        }
        try {
            JsonNode out = JSON.readTree(answer.stdout());
            return out.get("hookSpecificOutput").get("permissionDecision").asText();
        } catch (IOException | NullPointerException e) {
            return "unreadable: " + answer.stdout();
        }
    }
}
