package dev.cordon.executor.support;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Removal of an executor's own scratch folders (a probe's trial workspace, a run's private files
 * or temp). A confined command may have left a folder it made unreadable ({@code chmod 000}): as
 * its owner, cordon makes such a folder its own again and removes it too, so nothing is left.
 */
public final class TempTrees {

    private TempTrees() {
    }

    /** Deletes the folder and everything in it, as far as it can; a null folder is ignored. */
    public static void delete(Path root) {
        if (root == null || !Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(root, new Remover());
        } catch (IOException e) {
            // What is left is the executor's own scratch data: harmless, and swept by the next attempt.
        }
    }

    /** Deletes files, then their directories; an unreadable directory is opened up once and retried. */
    private static final class Remover extends SimpleFileVisitor<Path> {

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            if (!Files.isWritable(dir)) {
                openUp(dir);
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            quietly(file);
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS) && !Files.isReadable(file)) {
                if (openUp(file)) {
                    try {
                        Files.walkFileTree(file, this);
                    } catch (IOException again) {
                        // It stays.
                    }
                }
            } else {
                quietly(file);
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) {
            quietly(dir);
            return FileVisitResult.CONTINUE;
        }

        private static boolean openUp(Path dir) {
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                return true;
            } catch (IOException | UnsupportedOperationException e) {
                return false; // not ours to open up
            }
        }

        private static void quietly(Path path) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // Left for the next attempt.
            }
        }
    }
}
