package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spawning thread's private mounts on the real kernel, every effect checked from outside. */
class MountNamespaceTest {

    @TempDir
    Path temp;

    @BeforeAll
    static void needsAMountNamespace() {
        assumeTrue(Arch.current().isPresent(), "no syscall table here");
        assumeTrue(MountNamespace.unavailable().isEmpty(), () -> MountNamespace.unavailable().orElse(""));
    }

    private static ThreadSetup confined(MountNamespace mounts) {
        return () -> {
            mounts.apply();
            Prctl.setNoNewPrivs();
            Capabilities.dropAllForThread();
        };
    }

    @Test
    void metadataOutsideTheWriteRootsCannotChangeWhileTheWriteRootStaysWritable() throws Exception {
        Path root = temp.toRealPath();
        Path work = Files.createDirectories(root.resolve("work"));
        Path script = Files.writeString(work.resolve("run.sh"), "#!/bin/sh\necho ran\n");
        Path other = Files.writeString(root.resolve("other.txt"), "other\n");
        Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rw-r-----"));
        FileTime before = Files.getLastModifiedTime(other);
        MountNamespace mounts = MountNamespace.builder().writable(work).build();
        Child child = Child.run(confined(mounts), "sh", "-c", "cd " + work + " && chmod +x run.sh && ./run.sh; "
                + "chmod 666 " + other + "; chown 65534 " + other + "; touch -d 2001-01-01 " + other
                + "; setfattr -n user.x -v 1 " + other + "; echo done");
        assertEquals("ran\ndone\n", child.stdout(), child.stderr());
        assertTrue(child.stderr().contains("Read-only file system"), child.stderr());
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(other)));
        assertEquals(0, (int) Files.getAttribute(other, "unix:uid"));
        assertEquals(before, Files.getLastModifiedTime(other));
        assertFalse(Files.getFileAttributeView(other, java.nio.file.attribute.UserDefinedFileAttributeView.class)
                .list().contains("x"), "an extended attribute was set");
        assertTrue(Files.isExecutable(script), "chmod +x on a script in the write root must work");
    }

    @Test
    void privateTempShowsRootsBeneathItAndLeavesNothingOnTheHost() throws Exception {
        // The test's own directory lies under the host's temp directory, as workspaces often do.
        Path root = temp.toRealPath();
        Path hostTemp = root.getRoot().resolve(root.getName(0));
        Path work = Files.createDirectories(root.resolve("work"));
        String marker = "cordon-mount-test-" + System.nanoTime();
        MountNamespace mounts = MountNamespace.builder().writable(work).temp(hostTemp, 1 << 20, 64).build();
        Child child = Child.run(confined(mounts), "sh", "-c", "echo x > " + hostTemp.resolve(marker) + " && ls "
                + hostTemp + " && echo ok > " + work.resolve("file") + " && head -c 2000000 /dev/zero > "
                + hostTemp.resolve("big") + "; echo end");
        assertFalse(Files.exists(hostTemp.resolve(marker)), "a file landed in the host's temp directory");
        assertTrue(child.stdout().contains(marker), child.stdout());
        assertEquals("ok\n", Files.readString(work.resolve("file")));
        assertTrue(child.stderr().contains("No space left on device"), child.stderr());
        assertFalse(Files.readString(Path.of("/proc/self/mountinfo")).contains("tmpfs " + hostTemp + " "),
                "a mount reached the host");
    }

    @Test
    void protectedPathsStayReadOnlyCannotBeMovedAsideAndHiddenFilesCannotBeOpened() throws Exception {
        Path work = Files.createDirectories(temp.toRealPath().resolve("work"));
        Path hooks = Files.createDirectories(work.resolve(".git/hooks"));
        Path secret = Files.writeString(work.resolve("app/.env"), "TOKEN=secret-value\n", createParents(work.resolve("app")));
        Path secretDir = Files.createDirectories(work.resolve("keys"));
        Files.writeString(secretDir.resolve("id"), "secret-value\n");
        MountNamespace mounts = MountNamespace.builder().writable(work).pin(work.resolve(".git")).readOnly(hooks)
                .pin(work.resolve("app")).hidden(secret).hidden(secretDir).build();
        Child child = Child.run(confined(mounts), "sh", "-c", "cd " + work + " && echo evil > .git/hooks/pre-commit; "
                + "mv .git .git-old; mv app app-old; cat app/.env; ls keys; cat keys/id; echo new > new.txt; "
                + "echo ok > .git/index.lock; echo end");
        assertFalse(child.stdout().contains("secret-value"), child.stdout());
        assertTrue(child.stdout().endsWith("end\n"), child.stdout());
        assertFalse(Files.exists(hooks.resolve("pre-commit")));
        assertTrue(Files.isDirectory(work.resolve(".git")) && Files.isDirectory(work.resolve("app")));
        assertTrue(Files.exists(work.resolve("new.txt")) && Files.exists(work.resolve(".git/index.lock")));
        assertTrue(child.stderr().contains("Permission denied"), child.stderr());
    }

    private static java.nio.file.OpenOption createParents(Path dir) throws java.io.IOException {
        Files.createDirectories(dir);
        return java.nio.file.StandardOpenOption.CREATE;
    }
}
