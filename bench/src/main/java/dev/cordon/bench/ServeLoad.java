package dev.cordon.bench;

import dev.cordon.serve.ServerFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

/**
 * Sends decisions to a running {@code cordon serve}, one at a time over one connection, for
 * {@code bench/serve-memory.sh}. Every request is a different command line (the mix, each with its
 * own number), so nothing can be answered from a cache of earlier requests.
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
        for (int i = from; i < to; i++) {
            String line = lines.get(i % lines.size()) + " && ls out/" + i;
            String body = "{\"command\":" + quote(line) + ",\"cwd\":" + quote(cwd) + "}";
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(decide)
                    .header("Authorization", "Bearer " + server.token())
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200 || !answer.body().contains("\"decision\"")) {
                failed++;
            }
        }
        if (failed > 0) {
            System.err.println(failed + " of " + (to - from) + " requests failed");
            System.exit(1);
        }
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
