package dev.cordon.executor.landlock;

import dev.cordon.linux.MountNamespace;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The spawning thread's mount namespace for one confinement: everything read-only but the write
 * roots (the metadata fence: {@code chmod}, {@code chown}, {@code utime} and {@code setxattr}
 * fail with EROFS outside them), protected paths inside write roots bound read-only onto
 * themselves, hidden paths inside write roots masked, the private temp file systems, and every
 * writable directory on the way to a protected or hidden path pinned as a mount point so that it
 * cannot be renamed or removed (which would let a command put the protected path aside).
 *
 * <p>Inside a write root, a protected path that does not exist yet needs a mount point: an empty
 * file is created on the host at its first missing component before the run ({@link
 * Layout#placeholders()}) and removed after it. Read roots need nothing: they are read-only
 * anyway, and the Landlock rules carve hidden paths out of them.
 *
 * @param writeRoots the confinement's write roots plus what starting the child must write
 */
final class LandlockMounts {

    /**
     * @param namespace what the spawning thread applies
     * @param placeholders empty files the executor creates before the run and removes after it
     */
    record Layout(MountNamespace namespace, List<Path> placeholders) {

        Layout {
            placeholders = List.copyOf(placeholders);
        }
    }

    private final List<Path> writeRoots = new ArrayList<>();
    private final List<Path> hidden = new ArrayList<>();
    private final List<Path> readOnly = new ArrayList<>();
    private final Set<Path> placeholders = new LinkedHashSet<>();
    private final Set<Path> pins = new LinkedHashSet<>();
    private final List<Path> reattached = new ArrayList<>();
    private final MountNamespace.Builder namespace = MountNamespace.builder();

    /**
     * @param confinement what the command may touch (without the temp, which {@code temp} gives)
     * @param implicitWrites files the child must write beyond the roots (a cgroup's {@code cgroup.procs})
     * @param temp the private temp folders
     */
    static Layout plan(Confinement confinement, List<Path> implicitWrites, LandlockTemp temp) {
        LandlockMounts mounts = new LandlockMounts();
        mounts.hidden.addAll(real(confinement.hiddenPaths()));
        mounts.readOnly.addAll(real(confinement.readOnlyPaths()));
        List<Path> writes = new ArrayList<>(real(confinement.writeRoots()));
        writes.addAll(real(implicitWrites));
        for (Path root : outermost(writes)) {
            if (Files.exists(root, LinkOption.NOFOLLOW_LINKS) && !mounts.isHidden(root) && !isTemp(root, temp)) {
                mounts.writeRoots.add(root);
                mounts.namespace.writable(root);
            }
        }
        Limits limits = confinement.limits();
        for (Path folder : temp.mountedFolders()) {
            mounts.namespace.temp(folder, limits.tempBytes(), limits.tempInodes());
        }
        for (Path root : outermost(real(confinement.readRoots()))) {
            if (isUnderTemp(root, temp) && !isTemp(root, temp) && mounts.writeRootOf(root).isEmpty()
                    && Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
                mounts.namespace.reattached(root);
                mounts.reattached.add(root);
            }
        }
        mounts.readOnly.forEach(mounts::protectReadOnly);
        mounts.hidden.forEach(mounts::protectHidden);
        mounts.pins.forEach(mounts.namespace::pin);
        return new Layout(mounts.namespace.build(), List.copyOf(mounts.placeholders));
    }

    private void protectReadOnly(Path path) {
        if (writeRootOf(path).isEmpty() || isHidden(path) || isReadOnlyAbove(path)) {
            return; // read-only anyway, or masked, or inside another read-only path
        }
        mountPoint(path).ifPresent(point -> {
            namespace.readOnly(point);
            pinAncestors(point);
        });
    }

    /**
     * Inside a write root, and inside a read root shown on a temp folder: the rule that grants the
     * whole private {@code /tmp} also covers the read roots shown beneath it, so carving them out of
     * the rules would not hold there. Elsewhere under a temp folder nothing of the host's shows.
     */
    private void protectHidden(Path path) {
        if (isHiddenAbove(path)) {
            return; // inside another mask
        }
        if (writeRootOf(path).isPresent()) {
            mountPoint(path).ifPresent(point -> {
                namespace.hidden(point);
                pinAncestors(point);
            });
        } else if (reattached.stream().anyMatch(path::startsWith) && Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            namespace.hidden(path);
        }
    }

    /** The path itself when it exists, else a placeholder at its first missing component. */
    private Optional<Path> mountPoint(Path path) {
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(path);
        }
        Path missing = firstMissing(path);
        if (!isWritable(missing.getParent())) {
            return Optional.empty(); // nothing can be created there anyway
        }
        placeholders.add(missing);
        return Optional.of(missing);
    }

    /** Every writable directory strictly between the write root and {@code path}. */
    private void pinAncestors(Path path) {
        Path root = writeRootOf(path).orElseThrow();
        for (Path dir = path.getParent(); dir != null && !dir.equals(root) && dir.startsWith(root); dir = dir.getParent()) {
            if (isWritable(dir) && !readOnly.contains(dir) && !hidden.contains(dir)) {
                pins.add(dir);
            }
        }
    }

    private boolean isWritable(Path path) {
        return path != null && writeRootOf(path).isPresent() && !isHidden(path) && !readOnly.stream().anyMatch(path::startsWith);
    }

    private boolean isReadOnlyAbove(Path path) {
        return readOnly.stream().anyMatch(other -> !other.equals(path) && path.startsWith(other));
    }

    private boolean isHidden(Path path) {
        return hidden.stream().anyMatch(path::startsWith);
    }

    private boolean isHiddenAbove(Path path) {
        return hidden.stream().anyMatch(other -> !other.equals(path) && path.startsWith(other));
    }

    private Optional<Path> writeRootOf(Path path) {
        return writeRoots.stream().filter(path::startsWith).findFirst();
    }

    private static Path firstMissing(Path path) {
        Path current = path.getRoot();
        for (Path name : path) {
            current = current.resolve(name);
            if (!Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                return current;
            }
        }
        return path;
    }

    private static boolean isTemp(Path path, LandlockTemp temp) {
        return temp.mountedFolders().contains(path);
    }

    private static boolean isUnderTemp(Path path, LandlockTemp temp) {
        return temp.mountedFolders().stream().anyMatch(path::startsWith);
    }

    /** Roots not inside another root of the list. */
    private static List<Path> outermost(List<Path> roots) {
        List<Path> kept = new ArrayList<>();
        for (Path root : roots) {
            if (roots.stream().noneMatch(other -> !other.equals(root) && root.startsWith(other)) && !kept.contains(root)) {
                kept.add(root);
            }
        }
        return kept;
    }

    /** Real paths where they exist (a mount lands where the content is), normalised otherwise. */
    private static List<Path> real(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path path : paths) {
            Path normal = path.toAbsolutePath().normalize();
            try {
                out.add(normal.toRealPath());
            } catch (IOException e) {
                out.add(realParent(normal));
            }
        }
        return out;
    }

    /** A missing path under its parent's real path, so that a placeholder lands on the real directory. */
    private static Path realParent(Path path) {
        Path parent = path.getParent();
        if (parent == null) {
            return path;
        }
        try {
            return parent.toRealPath().resolve(path.getFileName());
        } catch (IOException e) {
            return realParent(parent).resolve(path.getFileName());
        }
    }
}
