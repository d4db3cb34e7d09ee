package dev.cordon.executor.docker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Short docker client calls of this executor itself ({@code version}, {@code image inspect},
 * {@code kill}), with the client's own environment and a time limit: a daemon that hangs must not
 * hang cordon.
 */
final class DockerClient {

    /**
     * What one call printed.
     *
     * @param exitCode the client's status, or -1 when it was killed for taking too long
     * @param stdout standard output
     * @param stderr standard error
     */
    record Reply(int exitCode, String stdout, String stderr) {

        boolean ok() {
            return exitCode == 0;
        }

        /** The first line of the error output, for messages. */
        String firstError() {
            String text = stderr.strip();
            int newline = text.indexOf('\n');
            return newline < 0 ? text : text.substring(0, newline);
        }
    }

    private final DockerSettings settings;

    DockerClient(DockerSettings settings) {
        this.settings = settings;
    }

    Reply call(Duration limit, String... arguments) throws IOException {
        Path client = settings.client().orElseThrow(() -> new IOException("no `docker` client on the search path"));
        List<String> argv = new ArrayList<>();
        argv.add(client.toString());
        argv.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().clear();
        builder.environment().putAll(settings.clientEnv());
        Process process = builder.start();
        CompletableFuture<String> out = drain(process.getInputStream());
        CompletableFuture<String> err = drain(process.getErrorStream());
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Reply(-1, "", "docker did not answer within " + limit.toSeconds() + " s");
            }
            return new Reply(process.exitValue(), out.get(1, TimeUnit.SECONDS), err.get(1, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for docker", e);
        } catch (ExecutionException | TimeoutException e) {
            return new Reply(process.exitValue(), "", "cannot read docker's output: " + e);
        }
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    /** The client runs on Linux or macOS only (see {@link DockerSettings#supportedHost()}). */
    private static java.io.File nullDevice() {
        return new java.io.File("/dev/null");
    }
}
