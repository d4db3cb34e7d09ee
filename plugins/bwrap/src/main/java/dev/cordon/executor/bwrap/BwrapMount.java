package dev.cordon.executor.bwrap;

import java.nio.file.Path;
import java.util.List;

/**
 * One step of the sandbox's file-system set-up, rendered as bwrap options.
 *
 * @param kind what the step does
 * @param source the host path or link text it uses, or {@code null} when it needs none
 * @param target where it lands inside the sandbox
 * @param sizeBytes the size cap of a tmpfs, or 0
 */
record BwrapMount(Kind kind, Path source, Path target, long sizeBytes) {

    /** Where masks for files point: a device node on a {@code nodev} mount, so it cannot even be opened. */
    static final Path NULL_DEVICE = Path.of("/dev/null");

    /** Kinds in the order bwrap must apply them when two steps have the same depth. */
    enum Kind {
        /** A read root, bound read-only. */
        READ,
        /** A fresh {@code /dev} with the standard nodes. */
        DEV,
        /** A fresh procfs for the new PID namespace. */
        PROC,
        /** A private, size-capped tmpfs ({@code /tmp}, {@code /dev/shm}). */
        TMPFS,
        /** A write root, bound read-write. */
        WRITE,
        /** A writable directory bound onto itself so it becomes a mount point and cannot be renamed away. */
        PIN,
        /** A protected path inside a write root, bound onto itself read-only. */
        READ_ONLY,
        /** A hidden directory, covered by an empty, read-only tmpfs with mode 000. */
        HIDE_DIRECTORY,
        /** A hidden file (or a missing path's placeholder), covered by the null device. */
        HIDE_FILE,
        /** A host symlink recreated so the command's paths resolve as they do outside. */
        LINK
    }

    static BwrapMount read(Path path) {
        return new BwrapMount(Kind.READ, path, path, 0);
    }

    static BwrapMount write(Path path) {
        return new BwrapMount(Kind.WRITE, path, path, 0);
    }

    static BwrapMount pin(Path path) {
        return new BwrapMount(Kind.PIN, path, path, 0);
    }

    static BwrapMount readOnly(Path path) {
        return new BwrapMount(Kind.READ_ONLY, path, path, 0);
    }

    static BwrapMount hideDirectory(Path path) {
        return new BwrapMount(Kind.HIDE_DIRECTORY, null, path, 0);
    }

    static BwrapMount hideFile(Path path) {
        return new BwrapMount(Kind.HIDE_FILE, NULL_DEVICE, path, 0);
    }

    static BwrapMount dev(Path path) {
        return new BwrapMount(Kind.DEV, null, path, 0);
    }

    static BwrapMount proc(Path path) {
        return new BwrapMount(Kind.PROC, null, path, 0);
    }

    static BwrapMount tmpfs(Path path, long sizeBytes) {
        return new BwrapMount(Kind.TMPFS, null, path, sizeBytes);
    }

    static BwrapMount link(Path linkText, Path path) {
        return new BwrapMount(Kind.LINK, linkText, path, 0);
    }

    /** The bwrap options of this step. */
    List<String> arguments() {
        String to = target.toString();
        return switch (kind) {
            case READ -> List.of("--ro-bind", source.toString(), to);
            case WRITE, PIN -> List.of("--bind", source.toString(), to);
            case READ_ONLY -> List.of("--ro-bind", source.toString(), to);
            case HIDE_DIRECTORY -> List.of("--perms", "0000", "--tmpfs", to, "--remount-ro", to);
            case HIDE_FILE -> List.of("--ro-bind", source.toString(), to);
            case DEV -> List.of("--dev", to);
            case PROC -> List.of("--proc", to);
            // Sticky and world-writable like a real /tmp, so tools running as another uid still work.
            case TMPFS -> List.of("--perms", "1777", "--size", Long.toString(sizeBytes), "--tmpfs", to);
            case LINK -> List.of("--symlink", source.toString(), to);
        };
    }
}
