package dev.cordon.executor.wsl;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Starts {@code wsl.exe} with its own small environment, never the command's. */
final class WslProcesses implements WslRunner {

    /** What wsl.exe needs from Windows, and UTF-8 output where it supports that. */
    static final List<String> WINDOWS_VARIABLES = List.of("SystemRoot", "SYSTEMROOT", "windir", "SystemDrive", "USERPROFILE",
            "LOCALAPPDATA", "TEMP", "TMP");

    private final Map<String, String> environment;

    WslProcesses(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** The environment of wsl.exe: a few Windows variables of this process and {@code WSL_UTF8=1}. */
    static Map<String, String> environment(Map<String, String> host) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (String name : WINDOWS_VARIABLES) {
            String value = host.get(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.put("WSL_UTF8", "1");
        return env;
    }

    /** A builder for {@code argv} with this environment and nothing else. */
    ProcessBuilder builder(List<String> argv) {
        ProcessBuilder builder = new ProcessBuilder(argv);
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder;
    }

    @Override
    public Reply run(List<String> argv, Duration limit) throws IOException {
        Process process = builder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("NUL"))).start();
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Reply(-1, "", "wsl.exe did not finish within " + limit.toSeconds() + " s");
            }
            return new Reply(process.exitValue(), WslOutput.decode(out.get(1, TimeUnit.SECONDS)),
                    WslOutput.decode(err.get(1, TimeUnit.SECONDS)));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for wsl.exe", e);
        } catch (ExecutionException | TimeoutException e) {
            return new Reply(process.exitValue(), "", "cannot read the output of wsl.exe: " + e);
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return stream.readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
    }
}
