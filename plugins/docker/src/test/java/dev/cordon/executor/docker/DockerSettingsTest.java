package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DockerSettingsTest {

    @TempDir
    Path temp;

    @Test
    void defaultsAndOnlyTheClientsOwnVariables() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path docker = Files.writeString(bin.resolve("docker"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(docker, PosixFilePermissions.fromString("rwx------"));
        String path = temp.resolve("empty") + ":" + bin;
        DockerSettings settings = DockerSettings.from(Map.of("PATH", path, "HOME", "/home/me", "DOCKER_HOST", "unix:///d.sock",
                "AWS_SECRET_ACCESS_KEY", "never", "CORDON_DOCKER_IMAGE", " "), "Linux");
        assertEquals(new DockerSettings(Optional.of(docker), "debian:stable-slim", "bridge",
                Map.of("PATH", path, "HOME", "/home/me", "DOCKER_HOST", "unix:///d.sock"), "Linux"), settings);
    }

    @Test
    void imageAndNetworkComeFromTheEnvironment() {
        DockerSettings settings = DockerSettings.from(Map.of("CORDON_DOCKER_IMAGE", "node:22-slim",
                "CORDON_DOCKER_NETWORK", "egress-proxy"), "Mac OS X");
        assertEquals("node:22-slim", settings.image());
        assertEquals("egress-proxy", settings.network());
        assertEquals(Optional.empty(), settings.client());
    }

    @Test
    void aFileWithoutExecutePermissionIsNotTheClient() throws Exception {
        Files.writeString(temp.resolve("docker"), "");
        assertEquals(Optional.empty(), DockerSettings.find(temp.toString()));
    }
}
