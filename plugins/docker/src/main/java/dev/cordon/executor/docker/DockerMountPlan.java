package dev.cordon.executor.docker;

import dev.cordon.executor.docker.DockerHostFiles.Kind;
import dev.cordon.executor.docker.DockerMount.Access;
import dev.cordon.spi.Confinement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which host paths a container shows, and how. The container's root is the image, read-only;
 * the image provides the system directories, so read roots inside them are served by the image
 * rather than bound from the host. Every other root appears at its own path: write roots bound
 * read-write, read roots read-only. Inside a bound write root, a read-only path is bound again
 * read-only onto itself; a hidden directory gets an empty read-only tmpfs and a hidden file the
 * null device. A protected path that does not exist yet still needs a mount point, which docker
 * would create on the host and leave behind: the plan names it as a placeholder (the topmost
 * missing directory on the way to it) that the executor creates before the run and removes
 * after, and covers it with an empty read-only tmpfs so nothing can be created there.
 *
 * @param mounts in the order docker applies them: shallow before deep, so deeper ones land on top
 * @param placeholders directories to create on the host before the run and remove after
 * @param roots the host roots the container shows, where a working directory may be
 * @param masked paths inside the roots whose host content the container does not see
 */
record DockerMountPlan(List<DockerMount> mounts, List<Path> placeholders, List<Path> roots, List<Path> masked) {

    /** Provided by the image; host roots at or under them are not bound. */
    static final List<Path> IMAGE_DIRECTORIES = List.of(
            Path.of("/usr"), Path.of("/bin"), Path.of("/sbin"), Path.of("/lib"), Path.of("/lib32"), Path.of("/lib64"),
            Path.of("/libx32"), Path.of("/etc"), Path.of("/proc"), Path.of("/sys"), Path.of("/dev"), Path.of("/run"),
            Path.of("/boot"));

    static final Path TMP = Path.of("/tmp");
    /**
     * Mode of an empty stand-in directory. Docker reads a tmpfs mode of 0 as "not set", so the
     * directory is read-only and empty rather than unreadable: its host content is hidden either way.
     */
    static final int EMPTY_MODE = 0555;
    static final int TMP_MODE = 01777;

    static DockerMountPlan of(Confinement confinement, DockerHostFiles files, long tmpSizeBytes) {
        List<Path> hidden = normalized(confinement.hiddenPaths());
        Map<Path, Access> roots = new LinkedHashMap<>();
        for (Path root : byDepth(normalized(confinement.writeRoots()))) {
            if (bindable(root, hidden, files) && covering(roots, root).isEmpty()) {
                roots.put(root, Access.READ_WRITE);
            }
        }
        for (Path root : byDepth(normalized(confinement.readRoots()))) {
            if (bindable(root, hidden, files) && covering(roots, root).isEmpty()) {
                roots.put(root, Access.READ_ONLY);
            }
        }
        Map<Path, DockerMount> mounts = new LinkedHashMap<>();
        mounts.put(TMP, DockerMount.scratch(TMP, TMP_MODE, tmpSizeBytes));
        roots.forEach((root, access) -> mounts.put(root, DockerMount.bind(root, root, access)));
        Set<Path> placeholders = new LinkedHashSet<>();
        for (Path path : normalized(confinement.readOnlyPaths())) {
            Optional<Path> root = covering(roots, path);
            if (root.isEmpty() || roots.get(root.get()) == Access.READ_ONLY) {
                continue;
            }
            if (files.kind(path) == Kind.MISSING) {
                Path placeholder = topmostMissing(root.get(), path, files);
                placeholders.add(placeholder);
                mounts.put(placeholder, DockerMount.emptyDirectory(placeholder, EMPTY_MODE));
            } else {
                mounts.put(path, DockerMount.bind(path, path, Access.READ_ONLY));
            }
        }
        for (Path path : hidden) {
            Optional<Path> root = covering(roots, path);
            if (root.isEmpty()) {
                continue;
            }
            switch (files.kind(path)) {
                case DIRECTORY -> mounts.put(path, DockerMount.emptyDirectory(path, EMPTY_MODE));
                case FILE -> mounts.put(path, DockerMount.bind(Path.of("/dev/null"), path, Access.READ_ONLY));
                case MISSING -> {
                    if (roots.get(root.get()) == Access.READ_WRITE) {
                        Path placeholder = topmostMissing(root.get(), path, files);
                        placeholders.add(placeholder);
                        mounts.put(placeholder, DockerMount.emptyDirectory(placeholder, EMPTY_MODE));
                    }
                }
            }
        }
        List<DockerMount> ordered = new ArrayList<>(mounts.values());
        ordered.sort(Comparator.comparingInt(m -> m.target().getNameCount()));
        List<Path> masked = ordered.stream().filter(m -> m.type() == DockerMount.Type.TMPFS && !m.target().equals(TMP)
                || m.source() != null && !m.source().equals(m.target())).map(DockerMount::target).toList();
        return new DockerMountPlan(ordered, List.copyOf(placeholders), List.copyOf(roots.keySet()), masked);
    }

    /** Whether the container shows {@code path}: inside a bound root or the private {@code /tmp}. */
    boolean shows(Path path) {
        Path normal = path.normalize();
        return normal.startsWith(TMP) || roots.stream().anyMatch(normal::startsWith);
    }

    /** Whether the host's {@code path} is what the container sees there: bound, and not masked. */
    boolean showsHost(Path path) {
        Path normal = path.normalize();
        return roots.stream().anyMatch(normal::startsWith) && masked.stream().noneMatch(normal::startsWith);
    }

    private static boolean bindable(Path root, List<Path> hidden, DockerHostFiles files) {
        if (root.getParent() == null || root.equals(TMP) || IMAGE_DIRECTORIES.stream().anyMatch(root::startsWith)) {
            return false;
        }
        // Hidden wins: a root inside a hidden path stays out of sight.
        return hidden.stream().noneMatch(root::startsWith) && files.kind(root) != Kind.MISSING;
    }

    /** The deepest root that holds {@code path}. */
    private static Optional<Path> covering(Map<Path, Access> roots, Path path) {
        return roots.keySet().stream().filter(path::startsWith).max(Comparator.comparingInt(Path::getNameCount));
    }

    /** The first missing directory on the way from {@code root} down to {@code path}. */
    private static Path topmostMissing(Path root, Path path, DockerHostFiles files) {
        Path current = root;
        for (Path name : root.relativize(path)) {
            current = current.resolve(name);
            if (files.kind(current) == Kind.MISSING) {
                return current;
            }
        }
        return path;
    }

    private static List<Path> normalized(List<Path> paths) {
        Set<Path> out = new LinkedHashSet<>();
        paths.forEach(p -> out.add(p.toAbsolutePath().normalize()));
        return new ArrayList<>(out);
    }

    private static List<Path> byDepth(List<Path> paths) {
        List<Path> sorted = new ArrayList<>(paths);
        sorted.sort(Comparator.comparingInt(Path::getNameCount));
        return sorted;
    }
}
