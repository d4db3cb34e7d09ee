package dev.cordon.executor.seatbelt;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes the Seatbelt profile (SBPL) for a confinement: deny by default, then allow reads of the
 * read roots, reads and writes of the write roots, then deny the read-only and hidden paths
 * inside them. In SBPL the last matching rule wins, so every deny comes after the allows it
 * narrows. Paths are matched with {@code subpath} (the path and everything below it), which
 * covers files and directories alike and paths that do not exist yet, so the profile needs no
 * look at the disk. Seatbelt matches the real path of a file, symlinks resolved: callers pass
 * paths through {@link SeatbeltRealPaths} first.
 */
final class SeatbeltProfile {

    /** What the dynamic loader, the C library and the time zone code read on every macOS. */
    static final List<String> SYSTEM_READ = List.of(
            "/System", "/usr/lib", "/private/var/db/dyld", "/private/var/db/timezone");

    /** Devices and files every process may read; the dyld cache lives under {@code /System}. */
    static final List<String> SYSTEM_READ_LITERALS = List.of(
            "/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/dtracehelper", "/private/etc/localtime");

    /** Top-level symlinks of macOS a path lookup passes through ({@code /tmp -> private/tmp}). */
    static final List<String> SYSTEM_METADATA = List.of("/", "/tmp", "/var", "/etc");

    /** Daemons the C library asks for user names, notifications and logging. */
    static final List<String> MACH_SERVICES = List.of(
            "com.apple.system.opendirectoryd.libinfo", "com.apple.system.notification_center",
            "com.apple.system.logger", "com.apple.logd");

    private SeatbeltProfile() {
    }

    /** The complete profile text, deterministic for a given confinement. */
    static String render(Confinement confinement) throws ExecutorException {
        Set<String> read = paths(confinement.readRoots());
        Set<String> write = paths(confinement.writeRoots());
        Set<String> readOnly = paths(confinement.readOnlyPaths());
        Set<String> hidden = paths(confinement.hiddenPaths());
        read.removeAll(write);

        StringBuilder out = new StringBuilder();
        out.append("(version 1)\n");
        out.append("(deny default)\n");
        out.append("; processes: start programs from readable places, signal only this sandbox\n");
        out.append("(allow process-fork)\n");
        out.append("(allow signal (target same-sandbox))\n");
        out.append("(allow process-info* (target same-sandbox))\n");
        out.append("; what every process needs from the system\n");
        out.append("(allow sysctl-read)\n");
        out.append("(allow ipc-posix-sem)\n");
        rule(out, "allow mach-lookup", "global-name", MACH_SERVICES);
        rule(out, "allow file-read* process-exec", "subpath", SYSTEM_READ);
        rule(out, "allow file-read*", "literal", SYSTEM_READ_LITERALS);
        rule(out, "allow file-write-data", "literal", List.of("/dev/null", "/dev/dtracehelper"));
        rule(out, "allow file-ioctl", "literal", List.of("/dev/dtracehelper"));
        out.append("; directories on the way to a root: their metadata only\n");
        rule(out, "allow file-read-metadata", "literal", ancestors(read, write));
        out.append("; read roots\n");
        rule(out, "allow file-read* process-exec", "subpath", read);
        out.append("; write roots, readable too\n");
        rule(out, "allow file-read* file-write* process-exec", "subpath", write);
        out.append("; read-only inside the write roots, whether they exist yet or not\n");
        rule(out, "deny file-write*", "subpath", readOnly);
        out.append("; hidden: neither readable nor writable, even inside a root\n");
        rule(out, "deny file-read* file-write* process-exec", "subpath", hidden);
        out.append("; a protected path cannot be carried away by renaming a directory above it\n");
        rule(out, "deny file-write-unlink", "literal", renameGuards(write, readOnly, hidden));
        out.append("; network\n");
        for (String line : SeatbeltNetwork.rules(confinement.network())) {
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /**
     * {@code (head (filter "p1") (filter "p2"))}, or nothing when there is no path: a rule without
     * a filter would apply to every path.
     */
    private static void rule(StringBuilder out, String head, String filter, Collection<String> paths)
            throws ExecutorException {
        if (paths.isEmpty()) {
            return;
        }
        out.append('(').append(head);
        for (String path : paths) {
            out.append("\n    (").append(filter).append(' ').append(SeatbeltText.literal(path)).append(')');
        }
        out.append(")\n");
    }

    private static Set<String> paths(List<Path> paths) throws ExecutorException {
        Set<String> out = new LinkedHashSet<>();
        for (Path path : paths) {
            out.add(SeatbeltText.absolute(path));
        }
        return out;
    }

    /** Every directory above a root, so that tools which look at their parents can. */
    private static Set<String> ancestors(Set<String> read, Set<String> write) {
        Set<String> out = new TreeSet<>(SYSTEM_METADATA);
        List<String> roots = new ArrayList<>(read);
        roots.addAll(write);
        for (String root : roots) {
            for (Path parent = Path.of(root).getParent(); parent != null; parent = parent.getParent()) {
                out.add(parent.toString());
            }
        }
        return out;
    }

    /**
     * Directories inside a write root that hold a read-only or hidden path, and that root itself:
     * renaming one of them (a rename unlinks its source) would move the protected path out from
     * under its rule. Only their own entries are guarded; files inside them stay writable.
     */
    private static Set<String> renameGuards(Set<String> write, Set<String> readOnly, Set<String> hidden) {
        Set<String> out = new TreeSet<>();
        List<String> protectedPaths = new ArrayList<>(readOnly);
        protectedPaths.addAll(hidden);
        for (String path : protectedPaths) {
            for (Path parent = Path.of(path).getParent(); parent != null; parent = parent.getParent()) {
                Path directory = parent;
                if (write.stream().anyMatch(root -> directory.startsWith(root))) {
                    out.add(directory.toString());
                }
            }
        }
        return out;
    }
}
