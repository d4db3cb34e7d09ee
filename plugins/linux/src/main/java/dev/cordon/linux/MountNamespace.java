package dev.cordon.linux;

import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A private mount namespace for the calling thread, with every mount read-only except the write
 * roots, which is what keeps {@code chmod}, {@code chown}, {@code utime} and {@code setxattr}
 * away from everything outside them (Landlock has no right for those calls). On top: protected
 * paths bound read-only onto themselves, hidden files and directories masked, private temp file
 * systems, and directories pinned as mount points so that nothing protected can be moved aside.
 *
 * <p>{@code unshare(CLONE_NEWNS)} works on one thread of a multi-threaded process (unlike
 * {@code CLONE_NEWUSER}, which the kernel refuses there), but it needs {@code CAP_SYS_ADMIN}:
 * {@link #available()} says whether this process has it. A child started from the thread lives in
 * the namespace; the rest of the JVM never sees it, and the kernel drops it with the last process
 * in it. Everything is applied in the order below, which {@link #apply()} does in one go.
 *
 * <ol>
 *   <li>{@code unshare(CLONE_NEWNS)}, then every mount read-only and private (so nothing
 *       propagates back to the host), in one recursive {@code mount_setattr};
 *   <li>a writable clone of each write root, and a clone of each read root a temp file system
 *       will cover, taken before the temp file systems shadow them;
 *   <li>the temp file systems ({@code tmpfs}, sized);
 *   <li>the clones attached, shallow before deep (into the temp file systems where they belong);
 *   <li>pins, read-only paths, masks — each a bind of a path onto itself or a mask onto it.
 * </ol>
 */
public final class MountNamespace {

    private static final long CLONE_NEWNS = 0x00020000L;
    private static final long MS_RDONLY = 1;
    private static final long MS_NOSUID = 2;
    private static final long MS_NODEV = 4;
    private static final long MS_NOEXEC = 8;
    private static final long MS_PRIVATE = 1L << 18;
    private static final long MOUNT_ATTR_RDONLY = 0x1;
    private static final long MOUNT_ATTR_NOSUID = 0x2;
    private static final long MOUNT_ATTR_NODEV = 0x4;
    private static final long MOUNT_ATTR_NOEXEC = 0x8;
    private static final long AT_FDCWD = -100;
    private static final long AT_EMPTY_PATH = 0x1000;
    private static final long AT_RECURSIVE = 0x8000;
    private static final long OPEN_TREE_CLONE = 1;
    private static final long MOVE_MOUNT_F_EMPTY_PATH = 0x4;
    private static final int CAP_SYS_ADMIN = 21;
    private static final Path NULL_DEVICE = Path.of("/dev/null");

    private static final Unavailability UNAVAILABLE = new Unavailability(MountNamespace::probe);

    /** A temp file system: where, and its bounds (0: the kernel's defaults). */
    public record Temp(Path path, long bytes, long inodes) {
    }

    private final List<Path> writable;
    private final List<Path> reattached;
    private final List<Temp> temps;
    private final List<Path> pins;
    private final List<Path> readOnly;
    private final List<Path> hidden;

    private MountNamespace(Builder builder) {
        this.writable = byDepth(builder.writable);
        this.reattached = byDepth(builder.reattached);
        this.temps = List.copyOf(builder.temps);
        this.pins = byDepth(builder.pins);
        this.readOnly = byDepth(builder.readOnly);
        this.hidden = byDepth(builder.hidden);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Why this process cannot give a thread private mounts, or empty when it can: it needs
     * {@code CAP_SYS_ADMIN}, and a container's seccomp profile may refuse {@code unshare} even
     * then. Tried once, on a throwaway thread.
     */
    public static Optional<String> unavailable() {
        return UNAVAILABLE.get();
    }

    private static Optional<String> probe() {
        try {
            if ((Capabilities.current().effective() & (1L << CAP_SYS_ADMIN)) == 0) {
                return Optional.of("a mount namespace needs CAP_SYS_ADMIN, and cordon does not run as root");
            }
        } catch (KernelException e) {
            return Optional.of("cannot read capabilities: " + e.getMessage());
        }
        AtomicReference<String> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                Syscalls.call(Syscall.UNSHARE, CLONE_NEWNS);
            } catch (KernelException | RuntimeException | LinkageError e) {
                failure.set(e.getMessage());
            }
        }, "cordon-mount-probe");
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while trying a mount namespace");
        }
        return Optional.ofNullable(failure.get()).map(message -> "a mount namespace is refused here: " + message);
    }

    /**
     * Gives the calling thread the namespace. Call it on a thread that starts one child and ends;
     * a failure leaves the thread half set up, so it must then not start anything.
     */
    public void apply() throws KernelException {
        try (Scratch scratch = new Scratch()) {
            apply(scratch);
        }
    }

    private void apply(Scratch scratch) throws KernelException {
        Syscalls.call(Syscall.UNSHARE, CLONE_NEWNS);
        setAttributes(scratch, null, Path.of("/"), MOUNT_ATTR_RDONLY, 0, MS_PRIVATE, AT_RECURSIVE);
        Map<Path, Integer> clones = new LinkedHashMap<>();
        try {
            for (Path root : writable) {
                int fd = cloneTree(scratch, root);
                clones.put(root, fd);
                setAttributes(scratch, fd, null, 0, MOUNT_ATTR_RDONLY, 0, AT_RECURSIVE);
            }
            for (Path root : reattached) {
                clones.putIfAbsent(root, cloneTree(scratch, root));
            }
            for (Temp temp : temps) {
                mountTemp(scratch, temp);
            }
            List<Path> order = new ArrayList<>(clones.keySet());
            order.sort(Comparator.comparingInt(Path::getNameCount));
            for (Path root : order) {
                attach(scratch, clones.get(root), root);
            }
        } finally {
            clones.values().forEach(MountNamespace::closeQuietly);
        }
        for (Path pin : pins) {
            bindOntoItself(scratch, pin, 0);
        }
        for (Path path : readOnly) {
            bindOntoItself(scratch, path, MOUNT_ATTR_RDONLY);
        }
        for (Path path : hidden) {
            hide(scratch, path);
        }
    }

    private static void mountTemp(Scratch scratch, Temp temp) throws KernelException {
        StringBuilder options = new StringBuilder("mode=1777");
        if (temp.bytes() > 0) {
            options.append(",size=").append(temp.bytes());
        }
        if (temp.inodes() > 0) {
            options.append(",nr_inodes=").append(temp.inodes());
        }
        mount(scratch, "tmpfs", temp.path(), "tmpfs", MS_NOSUID | MS_NODEV, options.toString());
    }

    private static void hide(Scratch scratch, Path path) throws KernelException {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            // An empty, read-only file system nobody may enter: without capabilities, not even root.
            mount(scratch, "tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=000,size=4k,nr_inodes=1");
            return;
        }
        // The null device on a nodev mount: opening it fails (EACCES) instead of reading nothing.
        int fd = cloneTree(scratch, NULL_DEVICE);
        try {
            setAttributes(scratch, fd, null, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NOSUID, 0, 0, 0);
            moveMount(scratch, fd, path);
        } finally {
            closeQuietly(fd);
        }
    }

    private static void bindOntoItself(Scratch scratch, Path path, long set) throws KernelException {
        int fd = cloneTree(scratch, path);
        try {
            if (set != 0) {
                setAttributes(scratch, fd, null, set, 0, 0, AT_RECURSIVE);
            }
            moveMount(scratch, fd, path);
        } finally {
            closeQuietly(fd);
        }
    }

    private void attach(Scratch scratch, int fd, Path target) throws KernelException {
        if (temps.stream().anyMatch(temp -> target.startsWith(temp.path()))) {
            // Inside a fresh temp file system (everything else is read-only by now): make the mount
            // point, one mkdir per level, failures left for move_mount to report.
            Path level = target.getRoot();
            for (Path name : target) {
                level = level.resolve(name);
                LibC.mkdir(LibC.cPath(level), 0755);
            }
        }
        moveMount(scratch, fd, target);
    }

    private static int cloneTree(Scratch scratch, Path path) throws KernelException {
        return (int) Syscalls.call(Syscall.OPEN_TREE, AT_FDCWD, scratch.cString(path),
                OPEN_TREE_CLONE | AT_RECURSIVE | LibC.O_CLOEXEC);
    }

    private static void moveMount(Scratch scratch, int fd, Path target) throws KernelException {
        try {
            Syscalls.call(Syscall.MOVE_MOUNT, (long) fd, scratch.cString(""), AT_FDCWD, scratch.cString(target),
                    MOVE_MOUNT_F_EMPTY_PATH);
        } catch (KernelException e) {
            throw new KernelException("move_mount onto `" + target + "`: " + Errno.describe(e.errno()), e.errno());
        }
    }

    private static void setAttributes(Scratch scratch, Integer fd, Path path, long set, long clear, long propagation,
            long flags) throws KernelException {
        Pointer attr = scratch.zeroed(32);
        attr.setLong(0, set);
        attr.setLong(8, clear);
        attr.setLong(16, propagation);
        long dirfd = fd == null ? AT_FDCWD : fd;
        Pointer where = fd == null ? scratch.cString(path) : scratch.cString("");
        try {
            Syscalls.call(Syscall.MOUNT_SETATTR, dirfd, where, flags | (fd == null ? 0 : AT_EMPTY_PATH), attr, 32L);
        } catch (KernelException e) {
            throw new KernelException("mount_setattr `" + (path == null ? "clone" : path) + "`: "
                    + Errno.describe(e.errno()), e.errno());
        }
    }

    private static void mount(Scratch scratch, String source, Path target, String type, long flags, String data)
            throws KernelException {
        try {
            Syscalls.call(Syscall.MOUNT, scratch.cString(source), scratch.cString(target), scratch.cString(type), flags,
                    scratch.cString(data));
        } catch (KernelException e) {
            throw new KernelException("mount " + type + " on `" + target + "`: " + Errno.describe(e.errno()), e.errno());
        }
    }

    private static void closeQuietly(int fd) {
        try {
            LibC.close(fd);
        } catch (com.sun.jna.LastErrorException e) {
            // A clone's descriptor; nothing to do about a failed close.
        }
    }

    private static List<Path> byDepth(List<Path> paths) {
        List<Path> sorted = new ArrayList<>(paths);
        sorted.sort(Comparator.comparingInt(Path::getNameCount));
        return List.copyOf(sorted);
    }

    /** What the namespace holds; paths are absolute, real (symlinks resolved) and normalised. */
    public static final class Builder {

        private final List<Path> writable = new ArrayList<>();
        private final List<Path> reattached = new ArrayList<>();
        private final List<Temp> temps = new ArrayList<>();
        private final List<Path> pins = new ArrayList<>();
        private final List<Path> readOnly = new ArrayList<>();
        private final List<Path> hidden = new ArrayList<>();

        /** A write root (a directory or a file) that stays writable; everything else becomes read-only. */
        public Builder writable(Path root) {
            writable.add(root);
            return this;
        }

        /** A read root that a temp file system would cover; it is shown on top of it, read-only. */
        public Builder reattached(Path root) {
            reattached.add(root);
            return this;
        }

        /** A fresh, empty temp file system (mode 1777) over a directory. */
        public Builder temp(Path path, long bytes, long inodes) {
            temps.add(new Temp(path, bytes, inodes));
            return this;
        }

        /** A directory made a mount point of its own, so that it cannot be renamed or removed. */
        public Builder pin(Path dir) {
            pins.add(dir);
            return this;
        }

        /** A path inside a write root bound read-only onto itself. */
        public Builder readOnly(Path path) {
            readOnly.add(path);
            return this;
        }

        /** A path masked: an existing directory by an empty one nobody may enter, a file by an unopenable one. */
        public Builder hidden(Path path) {
            hidden.add(path);
            return this;
        }

        public MountNamespace build() {
            return new MountNamespace(this);
        }
    }
}
