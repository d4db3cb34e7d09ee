package dev.cordon.executor;

import dev.cordon.path.Glob;
import dev.cordon.spi.Confinement;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files in the workspace that match the profile's hidden patterns ({@code **}{@code /.env},
 * {@code **}{@code /*.pem}, …), found when a run starts and added to the confinement's hidden
 * paths, so that the kernel hides them like any other hidden path. A file created during the run
 * is not among them: the command made it, and it is its own. A matching directory is hidden
 * whole and not looked into; symbolic links are not followed.
 *
 * <p>The walk reads every entry of the workspace (measured: about 7 µs an entry on the project's
 * machines under load, so 20 ms for a 3,000-file repository). It stops at {@link #MAX_ENTRIES}:
 * past that the patterns cannot be checked, which the result says, and the run is refused unless
 * the profile accepts the gap.
 */
public final class HiddenFiles {

    /** No patterns, nothing found. */
    public static final Scan NOTHING = new Scan(List.of(), Optional.empty());

    /** The most entries a run's start looks at. */
    public static final int MAX_ENTRIES = 100_000;

    private HiddenFiles() {
    }

    /**
     * What the scan found.
     *
     * @param paths matching files and directories
     * @param incomplete why the scan could not look at everything, if it could not
     */
    public record Scan(List<Path> paths, Optional<String> incomplete) {

        public Scan {
            paths = List.copyOf(paths);
        }
    }

    /** The matches of {@code patterns} inside {@code workspace}. */
    public static Scan scan(Path workspace, List<String> patterns) {
        return scan(workspace, patterns, MAX_ENTRIES);
    }

    static Scan scan(Path workspace, List<String> patterns, int maxEntries) {
        if (patterns.isEmpty() || !Files.isDirectory(workspace)) {
            return NOTHING;
        }
        List<Glob> globs = patterns.stream().map(Glob::compile).toList();
        Walker walker = new Walker(globs, maxEntries);
        try {
            Files.walkFileTree(workspace, walker);
        } catch (IOException e) {
            return new Scan(walker.found, Optional.of("cannot read `" + workspace + "`: " + e.getMessage()));
        }
        Optional<String> incomplete = Optional.empty();
        if (walker.entries > maxEntries) {
            incomplete = Optional.of("the workspace has more than " + maxEntries + " entries; hidden patterns were "
                    + "checked in the first " + maxEntries + " only");
        } else if (walker.unreadable != null) {
            incomplete = Optional.of("`" + walker.unreadable + "` could not be read, so hidden patterns were not "
                    + "checked inside it");
        }
        return new Scan(walker.found, incomplete);
    }

    /** The confinement with the scan's matches hidden too. */
    public static Confinement hide(Confinement confinement, Scan scan) {
        Set<Path> hidden = new LinkedHashSet<>(confinement.hiddenPaths());
        hidden.addAll(scan.paths());
        return new Confinement(confinement.workspace(), confinement.readRoots(), confinement.writeRoots(),
                confinement.readOnlyPaths(), List.copyOf(hidden), confinement.network(), confinement.limits());
    }

    private static final class Walker extends SimpleFileVisitor<Path> {

        private final List<Glob> globs;
        private final int maxEntries;
        private final List<Path> found = new ArrayList<>();
        private int entries;
        private Path unreadable;

        Walker(List<Glob> globs, int maxEntries) {
            this.globs = globs;
            this.maxEntries = maxEntries;
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            if (++entries > maxEntries) {
                return FileVisitResult.TERMINATE;
            }
            if (matches(dir)) {
                found.add(dir);
                return FileVisitResult.SKIP_SUBTREE;
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (++entries > maxEntries) {
                return FileVisitResult.TERMINATE;
            }
            if (matches(file)) {
                found.add(file);
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
            // The command may be able to make it readable (its owner can chmod it): not checked is not hidden.
            if (unreadable == null) {
                unreadable = file;
            }
            return FileVisitResult.CONTINUE;
        }

        private boolean matches(Path path) {
            String text = path.toString();
            for (Glob glob : globs) {
                if (glob.matches(text)) {
                    return true;
                }
            }
            return false;
        }
    }
}
