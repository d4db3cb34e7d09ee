package dev.cordon.executor.bwrap;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the programs the executor runs (bwrap, and socat for a network allow-list): on cordon's
 * own {@code PATH}, then where distributions install them.
 */
final class BwrapBinary {

    private static final List<String> USUAL = List.of("/usr/bin", "/usr/local/bin", "/bin");

    private BwrapBinary() {
    }

    static Optional<Path> locate(String searchPath) {
        return locate("bwrap", searchPath);
    }

    static Optional<Path> locate(String program, String searchPath) {
        List<Path> candidates = new ArrayList<>();
        if (searchPath != null) {
            for (String directory : searchPath.split(File.pathSeparator)) {
                // Relative PATH entries depend on the current directory, which a project controls.
                if (!directory.isEmpty() && Path.of(directory).isAbsolute()) {
                    candidates.add(Path.of(directory, program));
                }
            }
        }
        USUAL.forEach(directory -> candidates.add(Path.of(directory, program)));
        return candidates.stream().filter(path -> Files.isRegularFile(path) && Files.isExecutable(path)).findFirst();
    }
}
