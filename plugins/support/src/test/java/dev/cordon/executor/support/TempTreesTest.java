package dev.cordon.executor.support;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TempTreesTest {

    @TempDir
    Path temp;

    @Test
    void foldersACommandLockedAreRemovedToo() throws Exception {
        Path root = Files.createDirectories(temp.resolve("run/locked/deeper"));
        Files.writeString(root.resolve("file"), "x");
        Path readOnly = Files.createDirectories(temp.resolve("run/read-only"));
        Files.writeString(readOnly.resolve("file"), "x");
        Files.setPosixFilePermissions(root.getParent(), PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));

        TempTrees.delete(temp.resolve("run"));

        assertFalse(Files.exists(temp.resolve("run")));
    }
}
