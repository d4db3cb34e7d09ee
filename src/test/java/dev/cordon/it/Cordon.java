package dev.cordon.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the assembled distribution's {@code bin/cordon} as a user would, in a home of its own. */
final class Cordon {

    private final Path home;
    private final Map<String, String> env = new HashMap<>();

    Cordon(Path home) throws IOException {
        this.home = home;
        Files.createDirectories(home);
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", home.toString());
        env.put("LANG", "C.UTF-8");
        env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        env.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        env.put("CORDON_AOT", "0");
    }

    static Path dist() {
        String dist = System.getProperty("cordon.dist");
        if (dist == null) {
            throw new IllegalStateException("cordon.dist is not set: run the end-to-end tests with `mvn verify`");
        }
        return Path.of(dist);
    }

    Path home() {
        return home;
    }

    Cordon env(String name, String value) {
        if (value == null) {
            env.remove(name);
        } else {
            env.put(name, value);
        }
        return this;
    }

    /** The environment every command gets. */
    Map<String, String> environment() {
        return Map.copyOf(env);
    }

    Result run(Path cwd, String... args) throws IOException, InterruptedException {
        return run(cwd, null, args);
    }

    /**
     * A copy of the distribution at {@code at} whose launcher and rule files are its own (free to
     * edit); its jars, profiles and plugins are those of the distribution under test.
     */
    static Path distributionCopy(Path at) throws IOException {
        Path dist = dist();
        Files.createDirectories(at.resolve("bin"));
        Files.createDirectories(at.resolve("lib"));
        Files.createDirectories(at.resolve("rules"));
        Files.copy(dist.resolve("bin/cordon"), at.resolve("bin/cordon"), StandardCopyOption.COPY_ATTRIBUTES);
        try (var rules = Files.list(dist.resolve("rules"))) {
            for (Path file : rules.toList()) {
                Files.copy(file, at.resolve("rules").resolve(file.getFileName()));
            }
        }
        try (var jars = Files.list(dist.resolve("lib"))) {
            for (Path jar : jars.toList()) {
                Files.createSymbolicLink(at.resolve("lib").resolve(jar.getFileName()), jar);
            }
        }
        for (String dir : List.of("profiles", "plugins", "distros")) {
            Files.createSymbolicLink(at.resolve(dir), dist.resolve(dir));
        }
        return at;
    }

    /** Runs with these bytes on standard input (null: none). */
    Result run(Path cwd, byte[] stdin, String... args) throws IOException, InterruptedException {
        return run(dist(), cwd, stdin, args);
    }

    /** Runs the launcher of another copy of the distribution. */
    Result run(Path distribution, Path cwd, byte[] stdin, String... args) throws IOException, InterruptedException {
        return launch(List.of(), distribution, cwd, stdin, args);
    }

    /** Runs {@code bin/cordon} through a program such as {@code setpriv}, with that program's options. */
    Result runAs(List<String> program, List<String> options, Path cwd, String... args)
            throws IOException, InterruptedException {
        List<String> prefix = new ArrayList<>(program);
        prefix.addAll(options);
        return launch(prefix, dist(), cwd, null, args);
    }

    private Result launch(List<String> prefix, Path distribution, Path cwd, byte[] stdin, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.add(distribution.resolve("bin/cordon").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Path input = Files.write(Files.createTempFile("cordon-in", ".bin"), stdin == null ? new byte[0] : stdin);
        builder.redirectInput(stdin == null ? Path.of("/dev/null").toFile() : input.toFile());
        Path out = Files.createTempFile("cordon-out", ".txt");
        Path err = Files.createTempFile("cordon-err", ".txt");
        try {
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("cordon " + String.join(" ", args) + " did not finish in 120 s");
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(input);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** {@code sandbox status --json} run here. */
    JsonNode status(Path cwd) throws IOException, InterruptedException {
        return new ObjectMapper().readTree(run(cwd, "sandbox", "status", "--json").out());
    }

    /** Whether a status lists the executor as available with that capability. */
    static boolean offers(JsonNode status, String executor, String capability) {
        for (JsonNode e : status.get("executors")) {
            if (e.get("id").asText().equals(executor) && e.get("available").asBoolean()) {
                for (JsonNode c : e.get("capabilities")) {
                    if (c.asText().equals(capability)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    record Result(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
