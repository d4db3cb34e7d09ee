package dev.cordon.executor.bwrap;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds the bwrap program: on cordon's own {@code PATH}, then where distributions install it. */
final class BwrapBinary {

    private static final List<Path> USUAL = List.of(Path.of("/usr/bin/bwrap"), Path.of("/usr/local/bin/bwrap"), Path.of("/bin/bwrap"));

    private BwrapBinary() {
    }

    static Optional<Path> locate(String searchPath) {
        List<Path> candidates = new ArrayList<>();
        if (searchPath != null) {
            for (String directory : searchPath.split(File.pathSeparator)) {
                // Relative PATH entries depend on the current directory, which a project controls.
                if (!directory.isEmpty() && Path.of(directory).isAbsolute()) {
                    candidates.add(Path.of(directory, "bwrap"));
                }
            }
        }
        candidates.addAll(USUAL);
        return candidates.stream().filter(path -> Files.isRegularFile(path) && Files.isExecutable(path)).findFirst();
    }
}
