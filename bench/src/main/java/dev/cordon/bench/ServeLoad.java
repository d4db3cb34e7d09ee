package dev.cordon.bench;

import dev.cordon.serve.ServerFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Sends decisions to a running {@code cordon serve}, one at a time over one connection, for
 * {@code bench/serve-memory.sh}. Every request is a different command line (the mix, each with its
 * own number), so nothing can be answered from a cache of earlier requests. Prints the
 * percentiles of the round trips (request sent to answer read).
 *
 * <p>Usage: {@code ServeLoad SERVER_FILE CWD FROM TO} decides requests numbered FROM to TO-1.
 */
public final class ServeLoad {

    private ServeLoad() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        ServerFile server = ServerFile.read(Path.of(args[0]));
        String cwd = args[1];
        int from = Integer.parseInt(args[2]);
        int to = Integer.parseInt(args[3]);
        List<String> lines = CommandMix.lines(1_200, 42);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI decide = URI.create("http://127.0.0.1:" + server.port() + "/v1/decide");
        int failed = 0;
        long[] nanos = new long[to - from];
        for (int i = from; i < to; i++) {
            String line = lines.get(i % lines.size()) + " && ls out/" + i;
            String body = "{\"command\":" + quote(line) + ",\"cwd\":" + quote(cwd) + "}";
            long start = System.nanoTime();
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(decide)
                    .header("Authorization", "Bearer " + server.token())
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            nanos[i - from] = System.nanoTime() - start;
            if (answer.statusCode() != 200 || !answer.body().contains("\"decision\"")) {
                failed++;
            }
        }
        if (failed > 0) {
            System.err.println(failed + " of " + (to - from) + " requests failed");
            System.exit(1);
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "decisions %d to %d: round trip p50 %.2f ms, p90 %.2f ms, p99 %.2f ms%n", from, to,
                percentile(nanos, 0.50), percentile(nanos, 0.90), percentile(nanos, 0.99));
    }

    private static double percentile(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> out.append(ch < 0x20 ? String.format("\\u%04x", (int) ch) : String.valueOf(ch));
            }
        }
        return out.append('"').toString();
    }
}
