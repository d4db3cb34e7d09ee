package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DockerViolationsTest {

    private static final Limits LIMITS = new Limits(16, 64L << 20, 5, 1024);
    /** Paths the host has that the container was not shown. */
    private static final Set<Path> UNSEEN = Set.of(Path.of("/home/me/.ssh/id_rsa"), Path.of("/home/me/.ssh/*"),
            Path.of("/srv/outside/created"));

    private static DockerViolations.Evidence evidence(NetworkPolicy.Mode network) {
        return new DockerViolations.Evidence(network, LIMITS, UNSEEN::contains, false, false, Path.of("/w"));
    }

    @Test
    void refusedWritesReadsConnectionsForksAndPrivilegedCallsAreReadFromErrorOutput() {
        String stderr = """
                /bin/sh: 1: cannot create /w/.git/hooks/pre-commit: Read-only file system
                /bin/sh: 1: cannot create .git/config: Read-only file system
                cat: /home/me/.ssh/id_rsa: No such file or directory
                cat: '/home/me/.ssh/*': No such file or directory
                /bin/sh: 1: cannot create /srv/outside/created: Directory nonexistent
                cat: /w/typo: No such file or directory
                bash: connect: Connection refused
                /bin/sh: 0: Cannot fork
                unshare: unshare failed: Operation not permitted
                """;
        assertEquals(List.of(
                        new Violation(Kind.FILE_WRITE, "write to /w/.git/hooks/pre-commit: EROFS"),
                        new Violation(Kind.FILE_WRITE, "write to /w/.git/config: EROFS"),
                        new Violation(Kind.FILE_READ, "read of /home/me/.ssh/id_rsa: ENOENT"),
                        new Violation(Kind.FILE_READ, "read of /home/me/.ssh/*: ENOENT"),
                        new Violation(Kind.FILE_WRITE, "write to /srv/outside/created: ENOENT"),
                        new Violation(Kind.NETWORK, "network access refused: bash: connect: Connection refused"),
                        new Violation(Kind.PROCESS_LIMIT, "/bin/sh: 0: Cannot fork"),
                        new Violation(Kind.SYSCALL, "unshare: unshare failed: Operation not permitted")),
                DockerViolations.read(stderr, new ExitStatus(1, 0), evidence(NetworkPolicy.Mode.NONE)));
    }

    @Test
    void limitsAreReadFromTheEndingSignalTheProcessCounterAndDockersRecord() {
        assertEquals(List.of(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU: the cpu time limit of 5 s was reached")),
                DockerViolations.read("", ExitStatus.fromJava(128 + 24), evidence(NetworkPolicy.Mode.NONE)));
        assertEquals(List.of(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: the file size limit of 1024 bytes was reached")),
                DockerViolations.read("", ExitStatus.fromJava(128 + 25), evidence(NetworkPolicy.Mode.NONE)));
        assertEquals(List.of(new Violation(Kind.PROCESS_LIMIT, "a new process was refused: the process limit of 16 was reached"),
                        new Violation(Kind.MEMORY_LIMIT, "killed by the kernel at the memory limit of 67108864 bytes")),
                DockerViolations.read("", ExitStatus.fromJava(137), new DockerViolations.Evidence(NetworkPolicy.Mode.NONE, LIMITS,
                        path -> false, true, true, Path.of("/w"))));
    }

    @Test
    void anOpenNetworkHasNoRefusedConnections() {
        assertEquals(List.of(), DockerViolations.read("curl: (6) Could not resolve host: x\n", new ExitStatus(6, 0),
                evidence(NetworkPolicy.Mode.FULL)));
    }

    @Test
    void thePathOfAMessageIsTheOneNamedAfterTheToolsPrefix() {
        assertEquals(Optional.of(Path.of("/a b/c")), pathBefore("/bin/sh: 1: cannot create /a b/c: Directory nonexistent"));
        assertEquals(Optional.of(Path.of("/x/dir")), pathBefore("mkdir: cannot create directory '/x/dir': No such file or directory"));
        assertEquals(Optional.of(Path.of("/it's")), pathBefore("cat: \"/it's\": No such file or directory"));
        assertEquals(Optional.of(Path.of("/w/relative/file")), pathBefore("cat: relative/file: No such file or directory"));
        assertEquals(Optional.of(Path.of("/w/ro.txt")), pathBefore("/bin/sh: 1: cannot create ro.txt: Read-only file system"));
        assertEquals(Optional.of(Path.of("/x/y")), pathBefore("/x/y: Permission denied"));
    }

    private static Optional<Path> pathBefore(String line) {
        return DockerViolations.path(line, line.lastIndexOf(": ") + 2, Path.of("/w"));
    }
}
