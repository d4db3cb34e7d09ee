package dev.cordon.executor.bwrap;

import dev.cordon.executor.bwrap.BwrapFileSystem.Kind;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
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
 * The sandbox's file-system layout for one confinement: which host paths appear, how, and in which
 * order, plus the placeholders that must exist on the host while the command runs.
 *
 * <p>The sandbox root is an empty tmpfs made read-only at the end; only the read and write roots
 * are bound into it (not the whole host {@code /}), so everything else on the machine does not
 * exist for the command. Mount targets are real paths, so a mask lands where the content really
 * is; host symlinks on the way to a root are recreated so the command's own paths still resolve.
 *
 * @param mounts the steps in the order bwrap must apply them
 * @param placeholders missing protected paths inside write roots: empty files the executor creates
 *     on the host before the run (as mount points for their masks) and removes after it
 */
record BwrapMountPlan(List<BwrapMount> mounts, List<Path> placeholders) {

    static final Path ROOT = Path.of("/");
    static final Path TMP = Path.of("/tmp");
    static final Path VAR_TMP = Path.of("/var/tmp");
    static final Path DEV = Path.of("/dev");
    static final Path SHM = Path.of("/dev/shm");
    static final Path PROC = Path.of("/proc");
    static final List<Path> PROC_HIDDEN = List.of(Path.of("/proc/keys"), Path.of("/proc/key-users"));

    BwrapMountPlan {
        mounts = List.copyOf(mounts);
        placeholders = List.copyOf(placeholders);
    }

    /**
     * Plans the layout.
     *
     * @param confinement what the command may touch
     * @param cwd the command's working directory; it must be visible inside
     * @param files the host's files
     * @param tmpBytes the size cap of the private {@code /tmp} and {@code /dev/shm}
     * @throws ExecutorException when a path is not absolute, loops, or the working directory would
     *     not exist inside
     */
    static BwrapMountPlan plan(Confinement confinement, Path cwd, BwrapFileSystem files, long tmpBytes)
            throws ExecutorException {
        return new Planner(files instanceof BwrapFileMemo memo ? memo : new BwrapFileMemo(files))
                .plan(confinement, cwd, tmpBytes);
    }

    /**
     * Whether the host file at {@code realPath} is visible inside: below a bound root and not
     * covered by a mask.
     */
    boolean exposes(Path realPath) {
        boolean bound = false;
        for (BwrapMount mount : mounts) {
            if (!realPath.startsWith(mount.target())) {
                continue;
            }
            switch (mount.kind()) {
                case READ, WRITE, PIN, READ_ONLY -> bound = true;
                case HIDE_DIRECTORY, HIDE_FILE, DEV, PROC, TMPFS -> {
                    return false;
                }
                case LINK -> { }
            }
        }
        return bound;
    }

    /** The bwrap options of every step, in order. */
    List<String> arguments() {
        List<String> arguments = new ArrayList<>();
        for (BwrapMount mount : mounts) {
            arguments.addAll(mount.arguments());
        }
        return arguments;
    }

    private static final class Planner {

        private final BwrapFileSystem files;
        private final Map<Path, BwrapMount> byTarget = new LinkedHashMap<>();
        private final Set<Path> placeholders = new LinkedHashSet<>();
        private final List<Path> reads = new ArrayList<>();
        private final List<Path> writes = new ArrayList<>();
        private final List<Path> readOnly = new ArrayList<>();
        private final List<Path> hidden = new ArrayList<>();

        Planner(BwrapFileSystem files) {
            this.files = files;
        }

        BwrapMountPlan plan(Confinement confinement, Path cwd, long tmpBytes) throws ExecutorException {
            check("workspace", confinement.workspace());
            check("working directory", cwd);
            hidden.addAll(realAll("hidden path", confinement.hiddenPaths()));
            for (Path path : realAll("write root", confinement.writeRoots())) {
                if (isBindable(path) && !isHidden(path) && !writes.contains(path)) {
                    writes.add(path);
                }
            }
            for (Path path : realAll("read root", confinement.readRoots())) {
                // A read root inside a write root is already readable there; binding it read-only
                // on top would take away writes the profile granted.
                if (isBindable(path) && !isHidden(path) && deepest(writes, path).isEmpty() && !reads.contains(path)) {
                    reads.add(path);
                }
            }
            // A read root inside another adds nothing but a mount.
            reads.removeIf(path -> reads.stream().anyMatch(other -> !other.equals(path) && path.startsWith(other)));
            readOnly.addAll(realAll("read-only path", confinement.readOnlyPaths()));

            reads.forEach(path -> add(BwrapMount.read(path)));
            add(BwrapMount.dev(DEV));
            add(BwrapMount.proc(PROC));
            // Key names of the host's keyrings; their contents are out of reach anyway (seccomp refuses keyctl).
            PROC_HIDDEN.forEach(path -> add(BwrapMount.hideFile(path)));
            add(BwrapMount.tmpfs(TMP, tmpBytes));
            add(BwrapMount.tmpfs(VAR_TMP, tmpBytes));
            add(BwrapMount.tmpfs(SHM, tmpBytes));
            writes.forEach(path -> add(BwrapMount.write(path)));
            for (Path path : readOnly) {
                protectReadOnly(path);
            }
            for (Path path : hidden) {
                protectHidden(path);
            }
            requireVisible(cwd);
            linkRootSymlinks();
            for (Path path : lexicalPaths(confinement, cwd)) {
                linkAliases(path);
            }
            List<BwrapMount> ordered = new ArrayList<>(byTarget.values());
            ordered.sort(ORDER);
            return new BwrapMountPlan(ordered, List.copyOf(placeholders));
        }

        private void protectReadOnly(Path path) {
            Optional<Path> writeRoot = deepest(writes, path);
            if (writeRoot.isEmpty() || isHidden(path) || isReadOnlyAbove(path, writeRoot.get())) {
                return; // already read-only or invisible
            }
            switch (files.kind(path)) {
                case DIRECTORY, FILE -> {
                    add(BwrapMount.readOnly(path));
                    pinAncestors(path);
                }
                case MISSING -> {
                    Path placeholder = firstMissing(path);
                    if (isWritable(placeholder.getParent())) {
                        placeholders.add(placeholder);
                        add(BwrapMount.readOnly(placeholder));
                        pinAncestors(placeholder);
                    }
                }
            }
        }

        private void protectHidden(Path path) {
            if (!isUnderRoot(path) || isHiddenAbove(path)) {
                return; // nothing of it appears inside, or an outer mask covers it
            }
            switch (files.kind(path)) {
                case DIRECTORY -> {
                    add(BwrapMount.hideDirectory(path));
                    pinAncestors(path);
                }
                case FILE -> {
                    add(BwrapMount.hideFile(path));
                    pinAncestors(path);
                }
                case MISSING -> {
                    Path placeholder = firstMissing(path);
                    if (isWritable(placeholder.getParent())) {
                        placeholders.add(placeholder);
                        add(BwrapMount.hideFile(placeholder));
                        pinAncestors(placeholder);
                    }
                }
            }
        }

        /**
         * Makes every writable directory between the write root and {@code path} a mount point: the
         * kernel refuses to rename or remove a mount point, so the command cannot move a protected
         * path's parent aside and recreate the path unprotected.
         */
        private void pinAncestors(Path path) {
            Optional<Path> writeRoot = deepest(writes, path);
            if (writeRoot.isEmpty()) {
                return;
            }
            for (Path dir = path.getParent(); dir != null && !dir.equals(writeRoot.get()); dir = dir.getParent()) {
                if (!byTarget.containsKey(dir) && isWritable(dir)) {
                    add(BwrapMount.pin(dir));
                }
            }
        }

        /** Host symlinks under {@code /} such as {@code /bin -> usr/bin}, when what they point to is visible. */
        private void linkRootSymlinks() throws ExecutorException {
            for (Map.Entry<Path, Path> link : files.rootSymlinks().entrySet()) {
                Path target = real("root symlink", link.getKey());
                if (isVisible(target)) {
                    addLink(link.getKey(), link.getValue());
                }
            }
        }

        /** Recreates the host symlinks on the way to {@code path} that no bound root already shows. */
        private void linkAliases(Path path) {
            Path pending = path;
            for (int hops = 0; hops <= BwrapFileSystem.MAX_LINKS; hops++) {
                Path current = pending.getRoot();
                boolean relinked = false;
                int count = pending.getNameCount();
                for (int i = 0; i < count && !relinked; i++) {
                    Path next = current.resolve(pending.getName(i));
                    Optional<Path> text = files.symlinkTarget(next);
                    if (text.isPresent()) {
                        if (!isBound(next)) {
                            addLink(next, text.get());
                        }
                        Path linked = current.resolve(text.get()).normalize();
                        pending = i + 1 < count ? linked.resolve(pending.subpath(i + 1, count)) : linked;
                        relinked = true;
                    }
                    current = next;
                }
                if (!relinked) {
                    return;
                }
            }
        }

        private void addLink(Path path, Path text) {
            if (isSynthetic(path) || isBound(path) || isHidden(path)) {
                return;
            }
            for (Path target : byTarget.keySet()) {
                if (target.startsWith(path)) {
                    return; // a mount already needs a real directory there
                }
            }
            add(BwrapMount.link(text, path));
        }

        private void requireVisible(Path cwd) throws ExecutorException {
            Path real = real("working directory", cwd);
            switch (files.kind(real)) {
                case MISSING -> throw new ExecutorException("working directory `" + cwd + "` does not exist");
                case FILE -> throw new ExecutorException("working directory `" + cwd + "` is not a directory");
                case DIRECTORY -> { }
            }
            if (isHidden(real)) {
                throw new ExecutorException("working directory `" + cwd + "` is a hidden path");
            }
            if (!isVisible(real) && !real.equals(ROOT) && !isPrivateTemp(real)) {
                throw new ExecutorException("working directory `" + cwd + "` is outside every root the command may read");
            }
        }

        private List<Path> lexicalPaths(Confinement confinement, Path cwd) {
            List<Path> paths = new ArrayList<>();
            paths.add(cwd);
            paths.add(confinement.workspace());
            paths.addAll(confinement.readRoots());
            paths.addAll(confinement.writeRoots());
            return paths;
        }

        private void add(BwrapMount mount) {
            BwrapMount existing = byTarget.get(mount.target());
            if (existing == null || existing.kind().compareTo(mount.kind()) < 0) {
                byTarget.put(mount.target(), mount);
            }
        }

        /** Whether the path shows inside: below a bound root and not masked. */
        private boolean isVisible(Path path) {
            return isUnderRoot(path) && !isHidden(path);
        }

        private boolean isUnderRoot(Path path) {
            return deepest(reads, path).isPresent() || deepest(writes, path).isPresent();
        }

        /** Whether the command could create or change {@code path} were it not protected. */
        private boolean isWritable(Path path) {
            Optional<Path> writeRoot = deepest(writes, path);
            return writeRoot.isPresent() && !isHidden(path) && !isReadOnlyAbove(path, writeRoot.get())
                    && !readOnly.contains(path);
        }

        private boolean isReadOnlyAbove(Path path, Path writeRoot) {
            for (Path protectedPath : readOnly) {
                if (!protectedPath.equals(path) && path.startsWith(protectedPath)
                        && protectedPath.getNameCount() >= writeRoot.getNameCount()) {
                    return true;
                }
            }
            return false;
        }

        private boolean isHidden(Path path) {
            return hidden.stream().anyMatch(path::startsWith);
        }

        private boolean isHiddenAbove(Path path) {
            return hidden.stream().anyMatch(other -> !other.equals(path) && path.startsWith(other));
        }

        /** Whether a bound root shows {@code path} as the host has it (then host symlinks are already there). */
        private boolean isBound(Path path) {
            for (Path root : reads) {
                if (path.startsWith(root) && !path.equals(root)) {
                    return true;
                }
            }
            for (Path root : writes) {
                if (path.startsWith(root) && !path.equals(root)) {
                    return true;
                }
            }
            return false;
        }

        /** The host path the missing {@code path} would be created under: its first missing component. */
        private Path firstMissing(Path path) {
            Path current = path.getRoot();
            for (Path name : path) {
                current = current.resolve(name);
                if (files.kind(current) == Kind.MISSING) {
                    return current;
                }
            }
            return path;
        }

        private boolean isBindable(Path path) {
            return files.kind(path) != Kind.MISSING && !isSynthetic(path) && !isPrivateTemp(path);
        }

        private List<Path> realAll(String what, List<Path> paths) throws ExecutorException {
            List<Path> real = new ArrayList<>();
            for (Path path : paths) {
                Path resolved = real(what, path);
                if (!real.contains(resolved)) {
                    real.add(resolved);
                }
            }
            return real;
        }

        private Path real(String what, Path path) throws ExecutorException {
            check(what, path);
            try {
                return files.realPath(path);
            } catch (IllegalArgumentException e) {
                throw new ExecutorException(what + " `" + path + "`: " + e.getMessage(), e);
            }
        }

        private static void check(String what, Path path) throws ExecutorException {
            if (path == null) {
                throw new ExecutorException(what + " is missing");
            }
            if (!path.isAbsolute() || !path.equals(path.normalize())) {
                throw new ExecutorException(what + " `" + path + "` is not an absolute, normalised path");
            }
        }
    }

    /** The shared temp folders, which the sandbox gets private, sized file systems for. */
    static boolean isPrivateTemp(Path path) {
        return path.equals(TMP) || path.equals(VAR_TMP) || path.equals(SHM);
    }

    /** The kernel-provided trees the sandbox gets fresh copies of; host paths there are never bound. */
    static boolean isSynthetic(Path path) {
        return path.startsWith(PROC) || (path.startsWith(DEV) && !path.startsWith(SHM))
                || path.equals(SHM);
    }

    static Optional<Path> deepest(List<Path> roots, Path path) {
        Path best = null;
        for (Path root : roots) {
            if (path.startsWith(root) && (best == null || root.getNameCount() > best.getNameCount())) {
                best = root;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Shallow before deep, so a deeper mount lands on top; links last, once every directory exists. */
    private static final Comparator<BwrapMount> ORDER = Comparator
            .comparing((BwrapMount mount) -> mount.kind() == BwrapMount.Kind.LINK)
            .thenComparingInt(mount -> mount.target().getNameCount())
            .thenComparing(BwrapMount::kind)
            .thenComparing(BwrapMount::target);
}
