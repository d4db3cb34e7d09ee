package dev.cordon.executor.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removal of an executor's own scratch folders (a probe's trial workspace, a run's private files). */
public final class TempTrees {

    private TempTrees() {
    }

    /** Deletes the folder and everything in it, as far as it can; a null folder is ignored. */
    public static void delete(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // What is left is the executor's own scratch data: harmless, and swept by the next attempt.
        }
    }
}
