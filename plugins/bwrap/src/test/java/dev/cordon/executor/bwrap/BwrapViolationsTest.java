package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.bwrap.BwrapViolations.Context;
import dev.cordon.executor.bwrap.BwrapViolations.LimitEvents;
import dev.cordon.spi.NetworkPolicy.Mode;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class BwrapViolationsTest {

    @Test
    void readsRefusedFileAccessesWithTheirPaths() {
        String stderr = """
                touch: cannot touch '/etc/cordon': Read-only file system
                sh: 1: cannot create /home/u/.bashrc: Permission denied
                cat: /home/u/.ssh/id_ed25519: Permission denied
                rm: cannot remove '.env': Device or resource busy
                mkdir: cannot create directory ‘/usr/x’: Read-only file system
                PermissionError: [Errno 13] Permission denied: '/root/.aws/credentials'
                """;

        assertEquals(List.of(
                new Violation(Kind.FILE_WRITE, "write to /etc/cordon: EROFS"),
                new Violation(Kind.FILE_WRITE, "write to /home/u/.bashrc: EACCES"),
                new Violation(Kind.FILE_READ, "read of /home/u/.ssh/id_ed25519: EACCES"),
                new Violation(Kind.FILE_WRITE, "write to .env: EBUSY"),
                new Violation(Kind.FILE_WRITE, "write to /usr/x: EROFS"),
                new Violation(Kind.FILE_READ, "read of /root/.aws/credentials: EACCES")),
                BwrapViolations.read(stderr, 0, LimitEvents.NONE, Context.of(Mode.NONE)));
    }

    @Test
    void readsPrivilegedOperationsAsRefusedSystemCalls() {
        String stderr = """
                umount: /home/u/.ssh: must be superuser to unmount.
                mount: /: permission denied.
                unshare: unshare failed: Operation not permitted
                strace: attach: ptrace(PTRACE_SEIZE, 1): Operation not permitted
                chmod: changing permissions of 'build.sh': Operation not permitted
                """;

        assertEquals(List.of(
                new Violation(Kind.SYSCALL, "umount: /home/u/.ssh: EPERM"),
                new Violation(Kind.SYSCALL, "mount: /: EACCES"),
                new Violation(Kind.SYSCALL, "unshare: unshare failed: EPERM"),
                new Violation(Kind.SYSCALL, "strace: attach: ptrace(PTRACE_SEIZE, 1): EPERM"),
                new Violation(Kind.FILE_WRITE, "write to build.sh: EPERM")),
                BwrapViolations.read(stderr, 0, LimitEvents.NONE, Context.of(Mode.NONE)));
    }

    @Test
    void networkErrorsAreRefusalsOnlyWhenTheNetworkIsOff() {
        String stderr = "curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused\n";

        assertEquals(List.of(new Violation(Kind.NETWORK, "network access refused (ECONNREFUSED): "
                + "curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused")),
                BwrapViolations.read(stderr, 0, LimitEvents.NONE, Context.of(Mode.NONE)));
        assertEquals(List.of(), BwrapViolations.read(stderr, 0, LimitEvents.NONE, Context.of(Mode.FULL)));
    }

    @Test
    void aConnectionRefusedBySeccompIsANetworkRefusal() {
        String stderr = "connect: Operation not permitted\nsocket: Permission denied\n";

        assertEquals(List.of(
                new Violation(Kind.NETWORK, "network access refused (EPERM): connect: Operation not permitted"),
                new Violation(Kind.NETWORK, "network access refused (EACCES): socket: Permission denied")),
                BwrapViolations.read(stderr, 0, LimitEvents.NONE, Context.of(Mode.NONE)));
    }

    @Test
    void aMissingFileIsARefusalOnlyWhenTheHostHasIt() {
        String stderr = """
                sh: 1: cannot create /home/u/outside/created: Directory nonexistent
                mkdir: cannot create directory '/home/u/outside/dir': No such file or directory
                cat: /home/u/outside/existing: No such file or directory
                cat: notes.txt: No such file or directory
                """;
        Context context = new Context(Mode.NONE, path -> path.startsWith("/home/u/outside"));

        assertEquals(List.of(
                new Violation(Kind.FILE_WRITE, "write to /home/u/outside/created: ENOENT"),
                new Violation(Kind.FILE_WRITE, "write to /home/u/outside/dir: ENOENT"),
                new Violation(Kind.FILE_READ, "read of /home/u/outside/existing: ENOENT")),
                BwrapViolations.read(stderr, 0, LimitEvents.NONE, context));
    }

    @Test
    void readsSignalsAndLimitCounters() {
        assertEquals(List.of(
                new Violation(Kind.SYSCALL, "killed by SIGSYS: a system call the seccomp filter refuses")),
                BwrapViolations.read("Bad system call\n", 31, LimitEvents.NONE, Context.of(Mode.NONE)).subList(0, 1));
        assertEquals(List.of(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU: the CPU time limit was reached")),
                BwrapViolations.read("", 24, LimitEvents.NONE, Context.of(Mode.NONE)));
        assertEquals(List.of(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: the file size limit was reached")),
                BwrapViolations.read("", 25, LimitEvents.NONE, Context.of(Mode.NONE)));
        assertEquals(List.of(
                new Violation(Kind.PROCESS_LIMIT, "a new process was refused: the process limit was reached"),
                new Violation(Kind.MEMORY_LIMIT, "the memory limit was reached")),
                BwrapViolations.read("sh: 1: Cannot fork\n", 9, new LimitEvents(true, true), Context.of(Mode.NONE)));
    }

    @Test
    void repeatedRefusalsAreReportedOnceAndTheListIsCapped() {
        StringBuilder stderr = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            stderr.append("cat: /secret: Permission denied\n").append("touch: cannot touch '/f").append(i)
                    .append("': Read-only file system\n");
        }

        List<Violation> violations = BwrapViolations.read(stderr.toString(), 0, LimitEvents.NONE, Context.of(Mode.NONE));

        assertEquals(BwrapViolations.MAX_VIOLATIONS, violations.size());
        assertEquals(new Violation(Kind.FILE_READ, "read of /secret: EACCES"), violations.get(0));
        assertEquals(new Violation(Kind.FILE_WRITE, "write to /f18: EROFS"), violations.get(19));
    }
}
