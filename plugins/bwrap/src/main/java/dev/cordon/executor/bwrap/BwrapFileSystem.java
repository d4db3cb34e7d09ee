package dev.cordon.executor.bwrap;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What the mount planner needs to know about the host's files. The planner is pure; this view is
 * the only thing it asks, so tests can describe a host without touching the disk.
 */
interface BwrapFileSystem {

    /** The kernel's limit on symlinks followed in one lookup. */
    int MAX_LINKS = 40;

    /** What a path is, following symlinks. */
    enum Kind {
        MISSING,
        DIRECTORY,
        /** Anything that is not a directory: regular file, device, socket, fifo. */
        FILE
    }

    Kind kind(Path path);

    /** The literal target of {@code path} when it is itself a symlink (not followed). */
    Optional<Path> symlinkTarget(Path path);

    /** Symlinks directly under {@code /} (e.g. {@code /bin -> usr/bin}), with their literal targets. */
    Map<Path, Path> rootSymlinks();

    /**
     * The path with every symlink resolved, as the kernel would; a missing tail is kept as written
     * under the real path of its longest existing ancestor.
     *
     * @throws IllegalArgumentException when the lookup loops
     */
    default Path realPath(Path path) {
        Path pending = path.normalize();
        int hops = 0;
        restart:
        while (true) {
            Path current = pending.getRoot();
            int count = pending.getNameCount();
            for (int i = 0; i < count; i++) {
                Path next = current.resolve(pending.getName(i));
                Optional<Path> target = symlinkTarget(next);
                if (target.isPresent()) {
                    if (++hops > MAX_LINKS) {
                        throw new IllegalArgumentException("too many levels of symbolic links");
                    }
                    // `current` is already real, so resolving the link text against it lexically is exact.
                    Path linked = current.resolve(target.get()).normalize();
                    pending = i + 1 < count ? linked.resolve(pending.subpath(i + 1, count)) : linked;
                    continue restart;
                }
                current = next;
            }
            return current;
        }
    }
}
