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
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor around the docker client, driven through a stand-in client that runs the command
 * on the host: what reaches docker, what comes back, placeholders, clean-up and the kill on timeout.
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
        assertEquals(java.util.EnumSet.complementOf(java.util.EnumSet.of(Capability.NETWORK_ALLOW_LIST)), executor.capabilities());
    }

    @Test
    void outputStatusAndWarningsComeBackAndTheEnvironmentFileHoldsExactlyTheRequests() throws Exception {
        Path envCopy = temp.resolve("env-seen");
        Path log = temp.resolve("calls");
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        ExecResult result = executor(Map.of("FAKE_DOCKER_ENV_COPY", envCopy.toString(), "FAKE_DOCKER_LOG", log.toString(),
                "FAKE_DOCKER_WARN", "Your kernel does not support swap limit capabilities."))
                .execute(request(workspace, List.of("/bin/sh", "-c", "echo out; echo err >&2; exit 4"), Duration.ofSeconds(20)),
                        OutputListener.NONE);
        assertEquals("out\n", result.stdout());
        assertEquals("err\n", result.stderr());
        assertEquals(4, result.exitCode());
        assertEquals("docker", result.executor());
        assertEquals(List.of("docker executor: docker warned: Your kernel does not support swap limit capabilities."), result.notes());
        assertEquals("HOME=/home/agent\nPATH=/usr/bin:/bin\n", Files.readString(envCopy));
        List<String> calls = Files.readAllLines(log);
        String name = calls.get(0).replaceAll(".*--name=(\\S+).*", "$1");
        assertEquals(List.of("start --attach " + name, "inspect --format " + DockerState.FORMAT + " " + name, "rm --force " + name),
                calls.subList(1, calls.size()));
    }

    @Test
    void placeholdersStandDuringTheRunAndAreGoneAfter() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        ExecResult result = executor(Map.of()).execute(request(workspace, List.of("/bin/sh", "-c", "test -d .git && echo standing"),
                Duration.ofSeconds(20)), OutputListener.NONE);
        assertEquals("standing\n", result.stdout());
        assertFalse(Files.exists(workspace.resolve(".git")), "the placeholder was left behind");
    }

    @Test
    void aTimeoutKillsTheContainerThroughTheDaemonAndRemovesIt() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        Path log = temp.resolve("calls");
        long start = System.nanoTime();
        ExecResult result = executor(Map.of("FAKE_DOCKER_LOG", log.toString()))
                .execute(request(workspace, List.of("sleep", "30"), Duration.ofMillis(500)), OutputListener.NONE);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(result.timedOut());
        assertTrue(millis < 5000, "took " + millis + " ms");
        List<String> calls = Files.readAllLines(log);
        String name = calls.get(0).replaceAll(".*--name=(\\S+).*", "$1");
        assertEquals(List.of("start --attach " + name, "kill --signal=KILL " + name, "rm --force " + name),
                calls.subList(1, calls.size()));
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.TIMEOUT));
    }

    @Test
    void aContainerDockerRefusesIsAnExecutorErrorAndNothingRan() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        Path log = temp.resolve("calls");
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor(Map.of("FAKE_DOCKER_REFUSE",
                "invalid mount config", "FAKE_DOCKER_LOG", log.toString()))
                .execute(request(workspace, List.of("true"), Duration.ofSeconds(20)), OutputListener.NONE));
        assertEquals("docker could not create the container: Error response from daemon: invalid mount config", error.getMessage());
        assertEquals(1, Files.readAllLines(log).size());
        assertFalse(Files.exists(workspace.resolve(".git")));
    }

    @Test
    void aCommandDockerCouldNotStartIsAnExecutorError() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        ExecutorException error = assertThrows(ExecutorException.class, () -> executor(Map.of("FAKE_DOCKER_START_ERROR",
                "exec: nosuch: executable file not found in $PATH"))
                .execute(request(workspace, List.of("/bin/sh", "-c", "exit 127"), Duration.ofSeconds(20)), OutputListener.NONE));
        assertEquals("docker could not start the command: exec: nosuch: executable file not found in $PATH", error.getMessage());
    }

    @Test
    void anOomKillRecordedByDockerIsAMemoryViolation() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("ws"));
        ExecResult result = executor(Map.of("FAKE_DOCKER_OOM", "true")).execute(request(workspace,
                List.of("/bin/sh", "-c", "kill -9 $$"), Duration.ofSeconds(20)), OutputListener.NONE);
        assertEquals(137, result.exitCode());
        assertTrue(result.violations().contains(new Violation(Violation.Kind.MEMORY_LIMIT,
                "killed by the kernel at the memory limit of 0 bytes")), result.violations()::toString);
    }

    @Test
    void aWindowsHostIsRefused() {
        DockerSettings settings = new DockerSettings(Optional.of(Path.of("docker.exe")), "i", "bridge", Map.of(), "Windows 11");
        DockerExecutor executor = new DockerExecutor(settings, DockerHostFiles.REAL, "amd64");
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> executor.execute(request(temp, List.of("true"), Duration.ofSeconds(5)), OutputListener.NONE));
        assertEquals("the docker executor runs on Linux and macOS hosts; on Windows use the wsl executor", error.getMessage());
        assertEquals("the docker executor runs on Linux and macOS hosts; on Windows use the wsl executor", executor.probe().summary());
    }

    @Test
    void anUnknownArchitectureIsRefused() throws Exception {
        DockerExecutor executor = new DockerExecutor(FakeDocker.settings(FakeDocker.install(temp), Map.of()), DockerHostFiles.REAL, "s390x");
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> executor.execute(request(temp, List.of("true"), Duration.ofSeconds(5)), OutputListener.NONE));
        assertEquals("the docker executor does not know the system call ABIs of `s390x`", error.getMessage());
    }

    private DockerExecutor executor(Map<String, String> behaviour) throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        return FakeDocker.executor(FakeDocker.install(bin), behaviour);
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
