package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.spi.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe against the real docker client where one is installed (pointed at a socket nobody
 * listens on, and as configured on this machine), and against a stand-in client for the
 * questions after "does a daemon answer".
 */
class DockerProbeTest {

    @TempDir
    Path temp;

    @Test
    void withoutAClientItIsUnavailable() {
        DockerSettings settings = DockerSettings.from(Map.of("PATH", temp.toString()), "Linux");
        assertEquals(Probe.unavailable("no `docker` client on the search path"), new DockerExecutor(settings, DockerHostFiles.REAL, "amd64").probe());
    }

    @Test
    void theRealClientWithNoDaemonBehindItsSocketIsUnavailableAndSaysWhatDockerSaid() {
        Optional<Path> client = DockerSettings.find(System.getenv().getOrDefault("PATH", ""));
        assumeTrue(client.isPresent(), "no docker client installed");
        String socket = "unix://" + temp.resolve("nobody-listens.sock");
        DockerSettings settings = new DockerSettings(client, "debian:stable-slim", "bridge",
                Map.of("PATH", System.getenv("PATH"), "HOME", temp.toString(), "DOCKER_HOST", socket), "Linux");
        Probe probe = new DockerExecutor(settings, DockerHostFiles.REAL, "amd64").probe();
        assertEquals(Probe.unavailable("no docker daemon answered: `Cannot connect to the Docker daemon at " + socket
                + ". Is the docker daemon running?`"), probe);
    }

    @Test
    void onThisMachineTheProbeTriesAndReportsWhatItFound() {
        Probe probe = new DockerExecutor().probe();
        Optional<Path> client = DockerSettings.find(System.getenv().getOrDefault("PATH", ""));
        boolean daemonSocket = Files.exists(Path.of("/var/run/docker.sock")) || System.getenv("DOCKER_HOST") != null;
        if (client.isEmpty()) {
            assertEquals(Probe.unavailable("no `docker` client on the search path"), probe);
        } else if (!daemonSocket) {
            assertEquals(Probe.unavailable("no docker daemon answered: `Cannot connect to the Docker daemon at"
                    + " unix:///var/run/docker.sock. Is the docker daemon running?`"), probe);
        } else {
            assertFalse(probe.summary().isBlank());
        }
    }

    @Test
    void aMissingImageIsNamedWithHowToGetIt() throws Exception {
        Probe probe = probe(Map.of("FAKE_DOCKER_NO_IMAGE", "1"));
        assertEquals(Probe.unavailable("image `cordon-test:1` is not present; pull it with `docker pull cordon-test:1`"
                + " or name another in CORDON_DOCKER_IMAGE"), probe);
    }

    @Test
    void aContainerThatSeesTheHostIsCaughtByTheTrialRun() throws Exception {
        assertEquals(Probe.unavailable("docker trial run was not confined: the container saw more than its mounts"), probe(Map.of()));
    }

    @Test
    void aContainerDockerWillNotCreateIsUnavailable() throws Exception {
        Probe probe = probe(Map.of("FAKE_DOCKER_REFUSE", "invalid mount config"));
        assertEquals(Probe.unavailable("docker trial run failed: docker could not create the container: Error response from"
                + " daemon: invalid mount config"), probe);
    }

    @Test
    void aTrialThatHoldsMakesItAvailableWithWhatItFound() throws Exception {
        Path log = temp.resolve("calls");
        Probe probe = probe(Map.of("FAKE_DOCKER_HOLDS", "1", "FAKE_DOCKER_LOG", log.toString()));
        assertTrue(probe.available(), probe::summary);
        assertEquals("one container per command from `cordon-test:1`", probe.summary());
        assertEquals(Map.of("docker.server", "99.0.0", "image", "cordon-test:1", "image.id", "sha256:0123", "network", "bridge"),
                probe.facts());
        List<String> calls = Files.readAllLines(log);
        assertEquals("version --format {{.Server.Version}}", calls.get(0));
        assertEquals("image inspect --format {{.Id}} cordon-test:1", calls.get(1));
        assertTrue(calls.get(2).startsWith("create --name=cordon-docker-probe-"), calls.get(2));
        assertTrue(calls.get(2).contains(" --network=none "), calls.get(2));
        assertTrue(calls.get(3).matches("start --attach cordon-docker-probe-\\p{XDigit}{8}"), calls.get(3));
        assertTrue(calls.get(4).matches("rm --force cordon-docker-probe-\\p{XDigit}{8}"), calls.get(4));
    }

    private Probe probe(Map<String, String> behaviour) throws Exception {
        return FakeDocker.executor(FakeDocker.install(temp), behaviour).probe();
    }
}
