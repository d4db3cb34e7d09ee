package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DockerViolationsTest {

    private static final Confinement CONFINEMENT = new Confinement(Path.of("/w"), List.of(Path.of("/home/me")), List.of(Path.of("/w")),
            List.of(Path.of("/w/.git/hooks")), List.of(Path.of("/home/me/.ssh")), NetworkPolicy.NONE, new Limits(16, 0, 5, 1024));

    @Test
    void refusedWritesReadsConnectionsAndForksAreReadFromErrorOutput() {
        String stderr = """
                sh: 1: cannot create /w/.git/hooks/pre-commit: Read-only file system
                cat: /home/me/.ssh/id_rsa: Permission denied
                cat: /w/own-file: Permission denied
                curl: (7) Couldn't connect to server: Network is unreachable
                sh: 1: Cannot fork: Resource temporarily unavailable
                """;
        assertEquals(List.of(
                        new Violation(Kind.FILE_WRITE, "sh: 1: cannot create /w/.git/hooks/pre-commit: Read-only file system"),
                        new Violation(Kind.FILE_READ, "cat: /home/me/.ssh/id_rsa: Permission denied"),
                        new Violation(Kind.NETWORK, "curl: (7) Couldn't connect to server: Network is unreachable"),
                        new Violation(Kind.PROCESS_LIMIT, "sh: 1: Cannot fork: Resource temporarily unavailable")),
                DockerViolations.read(stderr, new ExitStatus(1, 0), CONFINEMENT));
    }

    @Test
    void cpuAndFileSizeLimitsAreReadFromTheEndingSignal() {
        assertEquals(List.of(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU after 5 s of cpu time")),
                DockerViolations.read("", ExitStatus.fromJava(128 + 24), CONFINEMENT));
        assertEquals(List.of(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: a file reached 1024 bytes")),
                DockerViolations.read("", ExitStatus.fromJava(128 + 25), CONFINEMENT));
    }

    @Test
    void anOpenNetworkHasNoRefusedConnections() {
        Confinement open = new Confinement(Path.of("/w"), List.of(), List.of(Path.of("/w")), List.of(), List.of(),
                new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of()), Limits.NONE);
        assertEquals(List.of(), DockerViolations.read("curl: Could not resolve host: x\n", new ExitStatus(6, 0), open));
    }
}
