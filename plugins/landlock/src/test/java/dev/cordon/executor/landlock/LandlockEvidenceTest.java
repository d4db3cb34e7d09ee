package dev.cordon.executor.landlock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.linux.CgroupEvents;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Usage;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LandlockEvidenceTest {

    @TempDir
    Path temp;

    private Path ws;
    private Path home;
    private LandlockPlan plan;

    @BeforeEach
    void plan() throws IOException {
        ws = Files.createDirectories(temp.resolve("ws"));
        home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        plan = LandlockPlan.build(new Confinement(ws, List.of(home), List.of(ws), List.of(), List.of(home.resolve(".ssh")),
                NetworkPolicy.NONE, Limits.NONE), 7, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
    }

    private List<Violation> read(String stderr, ExitStatus status, Limits limits, CgroupEvents events) {
        RunOutcome outcome = new RunOutcome(status, RunOutcome.Ending.EXITED, Duration.ZERO, "", stderr, 0, stderr.length(),
                1 << 20, new Usage(Duration.ZERO, Duration.ZERO, 0), List.of());
        return LandlockEvidence.read(outcome, plan, ws, limits, events, List.of());
    }

    private List<Violation> read(String stderr) {
        return read(stderr, new ExitStatus(1, 0), Limits.NONE, CgroupEvents.NONE);
    }

    @Test
    void namesARefusedWriteOutsideTheWriteRoots() {
        assertEquals(List.of(new Violation(Kind.FILE_WRITE, "write to /etc/x: EACCES (outside the write roots)")),
                read("/bin/sh: 1: cannot create /etc/x: Permission denied\n"));
        assertEquals(List.of(new Violation(Kind.FILE_WRITE, "write to " + temp + "/out/d: EACCES (outside the write roots)")),
                read("mkdir: cannot create directory \u2018" + temp + "/out/d\u2019: Permission denied\n"));
    }

    @Test
    void namesARefusedReadOfAHiddenFile() {
        assertEquals(List.of(new Violation(Kind.FILE_READ, "read of " + home + "/.ssh/id_rsa: EACCES (hidden path)")),
                read("cat: " + home + "/.ssh/id_rsa: Permission denied\n"));
    }

    @Test
    void ignoresRefusalsTheRulesDidNotCause() {
        assertEquals(List.of(), read("cat: " + ws + "/mine: Permission denied\ncp: cannot create regular file 'out': Permission denied\n"
                .replace("'out'", "'" + ws + "/copy'")));
        assertEquals(List.of(), read("grep: pattern not found\n"));
    }

    @Test
    void readsRefusedNetworkAndPrivilegedCalls() {
        assertEquals(List.of(new Violation(Kind.NETWORK, "bash: connect: Permission denied (the network is off)")),
                read("bash: connect: Permission denied\n"));
        assertEquals(List.of(new Violation(Kind.SYSCALL, "unshare refused: unshare: unshare failed: Operation not permitted")),
                read("unshare: unshare failed: Operation not permitted\n"));
    }

    @Test
    void readsLimitCountersAndSignals() {
        Limits limits = new Limits(16, 64L << 20, 2, 1 << 20);
        assertEquals(List.of(new Violation(Kind.PROCESS_LIMIT, "3 forks refused at the limit of 16 processes"),
                new Violation(Kind.MEMORY_LIMIT, "1 process(es) killed at the memory limit of 64 MiB")),
                read("", new ExitStatus(137, 9), limits, new CgroupEvents(3, 5, 1)));
        assertEquals(List.of(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU: the CPU time limit was reached")),
                read("", ExitStatus.fromJava(152), limits, CgroupEvents.NONE));
        assertEquals(List.of(new Violation(Kind.FILE_SIZE_LIMIT, "a write past the file-size limit of 1048576 bytes was refused (EFBIG)")),
                read("head: error writing 'standard output': File too large\n", new ExitStatus(1, 0), limits, CgroupEvents.NONE));
        assertEquals(List.of(new Violation(Kind.SYSCALL, "killed by SIGSYS: a system call of a foreign architecture was refused")),
                read("", ExitStatus.fromJava(159), limits, CgroupEvents.NONE));
    }

    @Test
    void readsWhatTheThreadsMountNamespaceRefused() {
        plan = LandlockPlan.build(new Confinement(ws, List.of(home), List.of(ws), List.of(ws.resolve(".git/hooks")),
                List.of(ws.resolve(".env")), NetworkPolicy.NONE, Limits.NONE), 7, List.of(), LandlockPlan.InsideWriteRoots.MOUNTED);
        assertEquals(List.of(
                new Violation(Kind.FILE_WRITE, "write to /etc/hostname: EROFS (outside the write roots)"),
                new Violation(Kind.FILE_WRITE, "write to " + ws + "/.git/hooks/pre-commit: EROFS (read-only path)"),
                new Violation(Kind.FILE_READ, "read of " + ws + "/.env: EACCES (hidden path)"),
                new Violation(Kind.FILE_WRITE, "move or removal of " + ws + "/.git: EBUSY (a directory on the way to a "
                        + "protected path, pinned in place)")),
                read("chmod: changing permissions of '/etc/hostname': Read-only file system\n"
                        + "sh: 1: cannot create .git/hooks/pre-commit: Read-only file system\n"
                        + "cat: .env: Permission denied\n"
                        + "mv: cannot move '.git' to '.git-old': Device or resource busy\n"));
    }

    @Test
    void aHostPathUnderThePrivateTempIsReportedOnlyWhenTheHostHasIt() throws IOException {
        Path shared = Files.createDirectories(temp.resolve("shared"));
        Files.writeString(shared.resolve("theirs"), "x");
        String stderr = "cat: " + shared + "/theirs: No such file or directory\ncat: " + shared
                + "/nothing/x: No such file or directory\n";
        RunOutcome outcome = new RunOutcome(new ExitStatus(1, 0), RunOutcome.Ending.EXITED, Duration.ZERO, "", stderr,
                0, stderr.length(), 1 << 20, new Usage(Duration.ZERO, Duration.ZERO, 0), List.of());
        assertEquals(List.of(new Violation(Kind.FILE_READ, "read of " + shared + "/theirs: ENOENT (outside the roots: the "
                        + "run's temp folders are its own)")),
                LandlockEvidence.read(outcome, plan, ws, Limits.NONE, CgroupEvents.NONE, List.of(shared)));
    }
}
