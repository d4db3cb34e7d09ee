package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.executor.docker.DockerHostFiles.Kind;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.NetworkPolicy.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DockerArgumentsTest {

    private static final Path WS = Path.of("/w");
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/me");
    private static final DockerArguments.Run RUN = new DockerArguments.Run(Path.of("/usr/bin/docker"), "debian:stable-slim",
            "cordon-r1-0a0b0c0d", new DockerUser(1000, 1000), Path.of("/run/cordon/env"), Path.of("/run/cordon/seccomp.json"), "bridge");
    private static final List<String> HEAD = List.of("/usr/bin/docker", "create", "--name=cordon-r1-0a0b0c0d", "--init",
            "--pull=never", "--read-only", "--cap-drop=ALL", "--security-opt=no-new-privileges",
            "--security-opt=seccomp=/run/cordon/seccomp.json", "--ipc=private", "--log-driver=none");

    private static DockerMountPlan plan(Limits limits) {
        Confinement confinement = new Confinement(WS, List.of(), List.of(WS), List.of(), List.of(), NetworkPolicy.NONE, limits);
        return DockerMountPlan.of(confinement, path -> path.equals(WS) ? Kind.DIRECTORY : Kind.MISSING,
                DockerArguments.tmpSize(limits));
    }

    private static List<String> expected(List<String> middle, List<String> tail) {
        List<String> out = new ArrayList<>(HEAD);
        out.addAll(middle);
        out.addAll(tail);
        return out;
    }

    @Test
    void noNetworkNoLimitsAndTheCommandRunByEnvAsGiven() throws Exception {
        assertEquals(expected(List.of("--network=none", "--user=1000:1000", "--ulimit=core=0:0"),
                        List.of("--mount=type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912", "--mount=type=bind,source=/w,target=/w",
                                "--env-file=/run/cordon/env", "--workdir=/w/src", "--entrypoint=/usr/bin/env", "debian:stable-slim",
                                "-u", "HOSTNAME", "--", "git", "commit", "-m", "a \"quoted\" message", "--", "-x")),
                DockerArguments.create(RUN, plan(Limits.NONE), NetworkPolicy.NONE, Limits.NONE, Path.of("/w/src"), ENV,
                        List.of("git", "commit", "-m", "a \"quoted\" message", "--", "-x")));
    }

    @Test
    void aCpuShareIsCpusWorthOfTheMachineAndTheTempSizeTheProfiles() throws Exception {
        Limits limits = new Limits(0, 0, 0, 0, 50, 8L << 20, 2048);
        String cpus = String.format(java.util.Locale.ROOT, "--cpus=%.2f", Runtime.getRuntime().availableProcessors() / 2.0);
        List<String> argv = DockerArguments.create(RUN, plan(limits), NetworkPolicy.NONE, limits, WS, Map.of(), List.of("true"));
        assertTrue(argv.contains(cpus), argv::toString);
        assertTrue(argv.contains("--mount=type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=8388608"), argv::toString);
    }

    @Test
    void everyLimitBecomesItsOptionAndAMissingPathIsDroppedToo() throws Exception {
        Limits limits = new Limits(64, 256L << 20, 30, 10L << 20);
        assertEquals(expected(List.of("--network=none", "--user=1000:1000", "--memory=268435456", "--memory-swap=268435456",
                        "--pids-limit=64", "--ulimit=cpu=30:31", "--ulimit=fsize=10485760:10485760", "--ulimit=core=0:0"),
                        List.of("--mount=type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=268435456", "--mount=type=bind,source=/w,target=/w",
                                "--env-file=/run/cordon/env", "--workdir=/w", "--entrypoint=/usr/bin/env", "debian:stable-slim",
                                "-u", "HOSTNAME", "-u", "PATH", "--", "-dash-program")),
                DockerArguments.create(RUN, plan(limits), NetworkPolicy.NONE, limits, WS, Map.of(), List.of("-dash-program")));
    }

    @Test
    void aFullNetworkJoinsTheConfiguredNetwork() throws Exception {
        List<String> argv = DockerArguments.create(RUN, plan(Limits.NONE), new NetworkPolicy(Mode.FULL, List.of(), List.of()),
                Limits.NONE, WS, ENV, List.of("true"));
        assertEquals("--network=bridge", argv.get(HEAD.size()));
    }

    @Test
    void anEmptyAllowListIsNoNetwork() throws Exception {
        List<String> argv = DockerArguments.create(RUN, plan(Limits.NONE), new NetworkPolicy(Mode.ALLOW_LIST, List.of(),
                List.of("169.254.169.254")), Limits.NONE, WS, ENV, List.of("true"));
        assertEquals("--network=none", argv.get(HEAD.size()));
    }

    @Test
    void startAttachesToTheCreatedContainer() {
        assertEquals(List.of("/usr/bin/docker", "start", "--attach", "cordon-r1-0a0b0c0d"),
                DockerArguments.start(Path.of("/usr/bin/docker"), "cordon-r1-0a0b0c0d"));
    }

    @Test
    void whatDockerCannotEnforceIsRefused() {
        assertRefused("a network allow-list needs a filtering proxy, which the docker executor does not run;"
                + " use network mode none or full", new NetworkPolicy(Mode.ALLOW_LIST, List.of("registry.npmjs.org:443"), List.of()),
                Limits.NONE, WS, List.of("true"));
        assertRefused("docker cannot refuse single destinations such as `169.254.169.254`: a container joins a network whole"
                + " or not at all", new NetworkPolicy(Mode.FULL, List.of(), List.of("169.254.169.254")), Limits.NONE, WS,
                List.of("true"));
        assertRefused("docker needs a memory limit of at least 6 MiB, got 1048576 bytes", NetworkPolicy.NONE,
                new Limits(0, 1L << 20, 0, 0), WS, List.of("true"));
        assertRefused("the working directory `/etc` is not inside a root the container shows", NetworkPolicy.NONE, Limits.NONE,
                Path.of("/etc"), List.of("true"));
        assertRefused("docker cannot run a program named ``: `env` would read it as a variable", NetworkPolicy.NONE, Limits.NONE,
                WS, List.of("", "x"));
        assertRefused("docker cannot run a program named `A=B`: `env` would read it as a variable", NetworkPolicy.NONE, Limits.NONE,
                WS, List.of("A=B"));
    }

    private static void assertRefused(String message, NetworkPolicy network, Limits limits, Path cwd, List<String> command) {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> DockerArguments.create(RUN, plan(limits), network, limits, cwd, ENV, command));
        assertEquals(message, error.getMessage());
    }
}
