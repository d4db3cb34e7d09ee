package dev.cordon.engine;

import dev.cordon.fact.ProtectedPath;
import dev.cordon.path.PathNormalizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The policy files in force as facts: each file, and each policy folder with everything below it
 * (a file added there would join the policy). A path that does not exist yet may become either,
 * so everything below it is protected too. Built once per list of files: it looks at the disk.
 */
final class ProtectedPaths {

    private ProtectedPaths() {
    }

    static List<ProtectedPath> of(List<Path> policyFiles) {
        Set<ProtectedPath> paths = new LinkedHashSet<>();
        for (Path file : policyFiles) {
            Path absolute = file.toAbsolutePath().normalize();
            boolean tree = !Files.isRegularFile(absolute);
            paths.add(new ProtectedPath(absolute.toString(), tree));
            try {
                paths.add(new ProtectedPath(PathNormalizer.resolveReal(absolute.toString()), tree));
            } catch (IllegalArgumentException e) {
                // The path as given is protected already; an unreadable link adds nothing to protect.
            }
        }
        return List.copyOf(paths);
    }
}
