package dev.cordon.executor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Promise;
import dev.cordon.spi.Violation;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The promises a confinement makes beyond plain reads and writes, each tried the way an attacker
 * would (a child process, a file descriptor, a renamed parent) and checked from outside. A test
 * runs when the executor says the kernel keeps the promise for the test's confinement ({@link
 * dev.cordon.spi.Executor#guarantees}); an executor that leaves it to the policy layer is skipped
 * with its reason, and the core refuses such runs unless the profile accepts the gap.
 */
abstract class KernelPromiseConformance extends ProcessConformance {

    @Test
    void metadataOutsideTheWriteRootsStaysUnchangedWhileChmodPlusXInTheWorkspaceWorks() throws Exception {
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE);
        assumeKeeps(Promise.METADATA, confinement);
        Path readable = fixture.home().resolve(".profile");
        Path outside = fixture.outside().resolve("existing");
        Path script = Files.writeString(fixture.workspace().resolve("run.sh"), "#!/bin/sh\necho script ran\n");
        List<Path> targets = List.of(readable, outside);
        List<Snapshot> before = targets.stream().map(Snapshot::of).toList();
        StringBuilder attack = new StringBuilder();
        for (Path target : targets) {
            String file = quote(target);
            attack.append("chmod 666 ").append(file).append("; chmod a-r ").append(file)
                    .append("; chown 65534:65534 ").append(file).append("; touch -d 2001-01-01 ").append(file)
                    .append("; touch -a ").append(file).append("; setfattr -n user.cordon -v x ").append(file)
                    // The descriptor variants: fchmod, fchown and futimens on a file opened for reading.
                    .append("; perl -e 'open(my $f, q(<), $ARGV[0]) or exit; chmod(0777, $f); chown(65534, 65534, $f);"
                            + " utime(1, 1, $f)' ").append(file).append("; ");
        }
        attack.append("chmod +x run.sh && ./run.sh");
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", attack.toString()), Duration.ofSeconds(20),
                confinement));
        assertEquals("script ran\n", result.stdout(), result::toString);
        assertTrue(Files.isExecutable(script), "chmod +x on a workspace script must keep working");
        for (int i = 0; i < targets.size(); i++) {
            assertEquals(before.get(i), Snapshot.of(targets.get(i)), "metadata of " + targets.get(i) + " changed");
        }
    }

    @Test
    void secretsInsideTheWorkspaceCannotBeReadCopiedOrChanged() throws Exception {
        Path env = Files.writeString(fixture.workspace().resolve(".env"), "API_KEY=" + Fixture.secret() + "\n");
        Path pem = Files.writeString(Files.createDirectories(fixture.workspace().resolve("certs")).resolve("server.pem"),
                "-----BEGIN PRIVATE KEY----- " + Fixture.secret() + "\n");
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE, List.of(), List.of(env, pem));
        assumeKeeps(Promise.HIDDEN_PATHS, confinement);
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "cat .env; cat certs/server.pem; cp .env copy; "
                + "cat copy; grep -r API_KEY . ; ln certs/server.pem hard; cat hard; echo x >> .env; "
                + "perl -e 'open(my $f, q(<), q(certs/server.pem)) or die qq(pem: $!\\n); print <$f>'; echo end"),
                Duration.ofSeconds(20), confinement));
        assertFalse(result.stdout().contains(Fixture.secret()), "a secret was read: " + result.stdout());
        assertFalse(result.stderr().contains(Fixture.secret()), "a secret was read: " + result.stderr());
        assertTrue(result.stdout().endsWith("end\n"), result::toString);
        assertEquals("API_KEY=" + Fixture.secret() + "\n", Files.readString(env), "a hidden file was changed");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.FILE_READ),
                () -> "no FILE_READ violation: " + result.violations());
    }

    @Test
    void protectedPathsCannotBeWrittenByAChildProcessNorMovedAside() throws Exception {
        Path git = Files.createDirectories(fixture.workspace().resolve(".git/hooks")).getParent();
        Path config = Files.writeString(git.resolve("config"), "[core]\n");
        Path claude = fixture.workspace().resolve(".claude");
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE,
                List.of(git.resolve("hooks"), config, claude));
        assumeKeeps(Promise.PROTECTED_PATHS, confinement);
        // Not the shell's own redirections, which a policy layer can see: programs that write.
        String child = "perl -e 'open(my $f, q(>), q(.git/hooks/pre-commit)) or warn qq(.git/hooks/pre-commit: $!\\n); "
                + "print $f qq(evil)'; perl -e 'mkdir q(.claude); open(my $f, q(>), q(.claude/settings.json)) or warn "
                + "qq(.claude/settings.json: $!\\n)'; perl -e 'open(my $f, q(>>), q(.git/config)) or warn qq(.git/config: $!\\n); "
                + "print $f qq(evil)'; "
                + "sh -c 'mv .git .git-old && mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit'; "
                + "sh -c 'rm -rf .claude; mkdir .claude && echo {} > .claude/settings.json'; echo ok > made.txt; echo end";
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", child), Duration.ofSeconds(20), confinement));
        assertTrue(result.stdout().endsWith("end\n"), result::toString);
        assertFalse(Files.exists(git.resolve("hooks/pre-commit")), "a hook was written");
        assertFalse(Files.exists(fixture.workspace().resolve(".git-old")), "the repository was moved aside");
        assertFalse(Files.exists(claude, LinkOption.NOFOLLOW_LINKS), "agent settings were created");
        assertEquals("[core]\n", Files.readString(config));
        assertEquals("ok\n", Files.readString(fixture.workspace().resolve("made.txt")), "the workspace must stay writable");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.FILE_WRITE),
                () -> "no FILE_WRITE violation: " + result.violations());
    }

    @Test
    void eachRunHasAPrivateTempThatIsGoneAfterwards() throws Exception {
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE);
        assumeKeeps(Promise.PRIVATE_TEMP, confinement);
        String marker = "cordon-conformance-" + System.nanoTime();
        // Another process's file in the host's temp directory: the run must not see it, let alone replace it.
        Path planted = Files.createTempFile("cordon-conformance-planted", "");
        try {
            String script = "echo \"$TMPDIR\"; ls -A \"$TMPDIR\" /tmp; echo --; echo x > \"$TMPDIR/" + marker + "\"; "
                    + "for d in /tmp /var/tmp /dev/shm; do echo x > $d/" + marker + "; echo x > $d/" + planted.getFileName()
                    + "; done 2>/dev/null; ls \"$TMPDIR\"";
            ExecResult first = run(fixture.request(List.of("/bin/sh", "-c", script), Duration.ofSeconds(20), confinement));
            Path tmpdir = Path.of(first.stdout().split("\n")[0]);
            assertNotEquals(fixture.tmp(), tmpdir, "TMPDIR must name the run's own temp");
            String before = first.stdout().substring(0, Math.max(0, first.stdout().indexOf("--\n")));
            assertFalse(before.contains(planted.getFileName().toString()), "the host's temp was visible: " + before);
            assertEquals(0, Files.size(planted), "another process's temp file was replaced");
            assertTrue(first.stdout().contains(marker), first::toString);
            assertNothingLeft(marker, tmpdir, confinement);
        } finally {
            Files.deleteIfExists(planted);
        }
    }

    private void assertNothingLeft(String marker, Path tmpdir, Confinement confinement) throws Exception {
        for (String shared : List.of("/tmp", "/var/tmp", "/dev/shm", System.getProperty("java.io.tmpdir"))) {
            assertFalse(Files.exists(Path.of(shared, marker)), "a file was left in the host's " + shared);
        }
        assertFalse(Files.exists(tmpdir.resolve(marker)), "the run's temp was not removed");
        ExecResult second = run(fixture.request(List.of("/bin/sh", "-c", "ls -A \"$TMPDIR\" /tmp; echo end"),
                Duration.ofSeconds(20), confinement));
        assertFalse(second.stdout().contains(marker), "the next run saw the first one's temp");
    }

    @Test
    void thePrivateTempIsBoundedInSize() throws Exception {
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, new Limits(0, 0, 0, 0, 0, 1 << 20, 256));
        assumeKeeps(Promise.TEMP_SIZE, confinement);
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c",
                "head -c 4000000 /dev/zero > \"$TMPDIR/big\"; echo status=$?; wc -c < \"$TMPDIR/big\""),
                Duration.ofSeconds(20), confinement));
        assertTrue(result.stderr().contains("No space left on device"), result::toString);
        String[] lines = result.stdout().split("\n");
        assertNotEquals("status=0", lines[0]);
        assertTrue(Long.parseLong(lines[1].strip()) <= 1 << 20, result.stdout());
    }

    @Test
    void aCpuShareBoundsTheWholeTree() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, new Limits(0, 0, 0, 0, 5, 0, 0));
        assumeKeeps(Promise.CPU_SHARE, confinement);
        // Four busy processes for two seconds; a twentieth of the machine is all the tree may get.
        // So small a share keeps the check meaningful on a loaded machine, where an unbounded tree
        // would still get several times as much.
        ExecResult result = run(fixture.request(List.of("perl", "-e", "fork; fork; $end = time + 2; 1 while time < $end"),
                Duration.ofSeconds(30), confinement));
        double used = result.usage().cpu().toNanos() / (double) result.usage().wall().toNanos();
        double share = 0.05 * cpus;
        assertTrue(result.usage().cpu().toMillis() > 0, "no cpu time measured: " + result.usage());
        assertTrue(used <= share * 1.5 + 0.05, "the tree used " + used + " cpus, its share is " + share);
    }

    /** What a command must not be able to change about a file. */
    private record Snapshot(String permissions, Object owner, Object group, FileTime modified, List<String> attributes) {

        static Snapshot of(Path file) {
            try {
                return new Snapshot(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                        Files.getAttribute(file, "unix:uid"), Files.getAttribute(file, "unix:gid"),
                        Files.getLastModifiedTime(file),
                        Files.getFileAttributeView(file, UserDefinedFileAttributeView.class).list());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
