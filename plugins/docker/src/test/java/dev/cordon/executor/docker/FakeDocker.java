package dev.cordon.executor.docker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Installs {@code fake-docker.sh} as an executable in a test's directory. */
final class FakeDocker {

    private FakeDocker() {
    }

    static Path install(Path directory) throws IOException {
        Path script = directory.resolve("docker");
        try (InputStream in = FakeDocker.class.getResourceAsStream("fake-docker.sh")) {
            Files.write(script, in.readAllBytes());
        }
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** Settings that use the fake, with the given {@code FAKE_DOCKER_*} variables. */
    static DockerSettings settings(Path fake, Map<String, String> behaviour) throws IOException {
        Map<String, String> env = new HashMap<>(behaviour);
        env.put("PATH", "/usr/bin:/bin");
        env.put("FAKE_DOCKER_STATE", Files.createDirectories(fake.resolveSibling("state")).toString());
        return new DockerSettings(Optional.of(fake), "cordon-test:1", "bridge", env, "Linux");
    }

    /** An executor that drives the fake. */
    static DockerExecutor executor(Path fake, Map<String, String> behaviour) throws IOException {
        return new DockerExecutor(settings(fake, behaviour), DockerHostFiles.REAL, "amd64");
    }
}
