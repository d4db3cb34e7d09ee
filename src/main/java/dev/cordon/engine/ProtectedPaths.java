package dev.cordon.engine;

import dev.cordon.fact.PolicyFiles;
import dev.cordon.path.PathNormalizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The policy files in force as a fact: each file as itself and each folder with everything below
 * it, both as given and with symbolic links resolved. Built once per list of files: it looks at
 * the disk.
 */
final class ProtectedPaths {

    private ProtectedPaths() {
    }

    static PolicyFiles of(List<Path> policyFiles) {
        Set<String> files = new LinkedHashSet<>();
        Set<String> folders = new LinkedHashSet<>();
        for (Path file : policyFiles) {
            Path absolute = file.toAbsolutePath().normalize();
            Set<String> into = Files.isRegularFile(absolute) ? files : folders;
            into.add(absolute.toString());
            try {
                into.add(PathNormalizer.resolveReal(absolute.toString()));
            } catch (IllegalArgumentException e) {
                // The path as given is protected already; an unreadable link adds nothing to protect.
            }
        }
        return new PolicyFiles(List.copyOf(files), List.copyOf(folders));
    }
}
