package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor around {@code docker run}, driven through a stand-in client that runs the command
 * on the host: what reaches docker, what comes back, placeholders, and the kill on timeout.
 */
class DockerExecutorTest {

    @TempDir
    Path temp;

    @Test
    void isFoundByTheServiceLoaderAndClaimsEverything() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == DockerExecutor.class));
        DockerExecutor executor = new DockerExecutor();
        assertEquals("docker", executor.id());
        assertEquals(50, executor.priority());
        assertEquals(Set.of(Capability.values()), executor.capabilities());
    }

    @Test
    void outputAndStatusComeBackAndTheEnvironmentFileHoldsExactlyTheRequests() throws Exception {
        Path envCopy = temp.resolve("env-seen");
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        DockerExecutor executor = executor(Map.of("FAKE_DOCKER_ENV_COPY", envCopy.toString()));
        ExecResult result = executor.execute(request(workspace, List.of("/bin/sh", "-c", "echo out; echo err >&2; exit 4"),
                Duration.ofSeconds(20)), OutputListener.NONE);
        assertEquals("out\n", result.stdout());
        assertEquals("err\n", result.stderr());
        assertEquals(4, result.exitCode());
        assertEquals("docker", result.executor());
        assertEquals("HOME=/home/agent\nPATH=/usr/bin:/bin\n", Files.readString(envCopy));
    }

    @Test
    void placeholdersStandDuringTheRunAndAreGoneAfter() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        Path hooks = workspace.resolve(".git");
        ExecResult result = executor(Map.of()).execute(request(workspace, List.of("/bin/sh", "-c",
                "test -d .git && echo standing"), Duration.ofSeconds(20)), OutputListener.NONE);
        assertEquals("standing\n", result.stdout());
        assertFalse(Files.exists(hooks), "the placeholder was left behind");
    }

    @Test
    void aTimeoutKillsTheContainerThroughTheDaemon() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        Path pids = Files.createDirectories(temp.resolve("pids"));
        Path log = temp.resolve("calls");
        long start = System.nanoTime();
        ExecResult result = executor(Map.of("FAKE_DOCKER_PIDS", pids.toString(), "FAKE_DOCKER_LOG", log.toString()))
                .execute(request(workspace, List.of("sleep", "30"), Duration.ofMillis(500)), OutputListener.NONE);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(result.timedOut());
        assertTrue(millis < 5000, "took " + millis + " ms");
        List<String> calls = Files.readAllLines(log);
        String name = calls.get(0).replaceAll(".*--name=(\\S+).*", "$1");
        assertEquals("kill --signal=KILL " + name, calls.get(1));
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.TIMEOUT));
    }

    @Test
    void whatDockerRefusesIsAnExecutorErrorNotACommandResult() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor(Map.of("FAKE_DOCKER_REFUSE", "pull access denied"))
                .execute(request(workspace, List.of("true"), Duration.ofSeconds(20)), OutputListener.NONE));
        assertEquals("docker could not start the command: Error response from daemon: pull access denied.", error.getMessage());
    }

    @Test
    void aWindowsHostIsRefused() {
        DockerSettings settings = new DockerSettings(java.util.Optional.of(Path.of("docker.exe")), "i", "bridge", Map.of(), "Windows 11");
        DockerExecutor executor = new DockerExecutor(settings, DockerHostFiles.REAL);
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> executor.execute(request(temp, List.of("true"), Duration.ofSeconds(5)), OutputListener.NONE));
        assertEquals("the docker executor runs on Linux and macOS hosts; on Windows use the wsl executor", error.getMessage());
        assertEquals("the docker executor runs on Linux and macOS hosts; on Windows use the wsl executor", executor.probe().summary());
    }

    private DockerExecutor executor(Map<String, String> behaviour) throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        return new DockerExecutor(FakeDocker.settings(FakeDocker.install(bin), behaviour), DockerHostFiles.REAL);
    }

    private static ExecRequest request(Path workspace, List<String> argv, Duration timeout) {
        Confinement confinement = new Confinement(workspace, List.of(), List.of(workspace), List.of(workspace.resolve(".git/hooks")),
                List.of(), NetworkPolicy.NONE, Limits.NONE);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("HOME", "/home/agent");
        return new ExecRequest("docker-test", argv, workspace, env, confinement, timeout, 1 << 16);
    }
}
