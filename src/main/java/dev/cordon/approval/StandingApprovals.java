package dev.cordon.approval;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.request.Tool;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The user's standing approvals: "always" answers kept beyond one session as explicit,
 * reviewable entries in {@code <user config dir>/approvals.yaml}. Only the user's own file is
 * ever written; a project cannot approve anything on the user's behalf.
 *
 * <pre>
 * # 2025-01-31: "always" for bash `npm test`
 * - id: approved.bash.npm-test
 *   tool: "bash"
 *   prefix: ["npm", "test"]
 *   added: 2025-01-31T12:00:00Z
 * </pre>
 *
 * <p>The file is changed by appending to its text (the user's comments and layout stay), checked
 * by reading it back, and replaced atomically (temporary file and rename) under a lock on a
 * sibling {@code .lock} file, so concurrent cordon processes neither tear nor lose an entry.
 */
public final class StandingApprovals {

    public static final String FILE_NAME = "approvals.yaml";

    static final String HEADER = """
            # cordon standing approvals, kept from "always" answers.
            # Each entry turns an approval question (a soft ASK) for its tool and command prefix
            # into ALLOW. Hard denials are never overridden, and requests for weaker isolation
            # (network, extra writable roots, no sandbox) are always asked.
            # Review freely; delete an entry to revoke it.
            """;

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private StandingApprovals() {
    }

    /** The approvals file of a user config directory. */
    public static Path inConfigDir(Path userConfigDir) {
        return userConfigDir.resolve(FILE_NAME);
    }

    /**
     * The user's approvals file: {@code approvals.yaml} in {@code $CORDON_CONFIG_DIR}, else
     * {@code $XDG_CONFIG_HOME/cordon}, else {@code $HOME/.config/cordon} (the user config
     * directory of the profile layers).
     *
     * @throws IllegalStateException when none of these variables is set
     */
    public static Path userFile(Map<String, String> env) {
        String explicit = env.get("CORDON_CONFIG_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return inConfigDir(Path.of(explicit));
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return inConfigDir(Path.of(xdg, "cordon"));
        }
        String home = env.get("HOME");
        if (home == null || home.isBlank()) {
            throw new IllegalStateException(
                    "cannot find the user config dir: none of `CORDON_CONFIG_DIR`, `XDG_CONFIG_HOME` and `HOME` is set");
        }
        return inConfigDir(Path.of(home, ".config", "cordon"));
    }

    /**
     * The approvals in {@code file}; none when it does not exist.
     *
     * @throws PolicyException naming file:line:col when the file is malformed
     */
    public static List<StandingApproval> load(Path file) throws IOException {
        try {
            return StandingApprovalReader.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (NoSuchFileException e) {
            return List.of();
        }
    }

    /**
     * Adds an approval for {@code key} unless one exists for the same tool and prefix, and
     * returns the entry that covers it.
     *
     * @throws PolicyException when the existing file is malformed (it is left untouched)
     * @throws IllegalArgumentException for a key that may not be kept (a shell tool without prefix)
     */
    public static StandingApproval append(Path file, ApprovalKey key, Instant added) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir, directoryAttributes());
        Path lockFile = dir.resolve("." + file.getFileName() + ".lock");
        // one appender at a time in this JVM (file locks are per process), one across processes
        synchronized (StandingApprovals.class) {
            try (FileChannel lockChannel = FileChannel.open(lockFile,
                    Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), fileAttributes())) {
                lockChannel.lock(); // released when the channel closes
                return appendLocked(file, key, added);
            }
        }
    }

    private static StandingApproval appendLocked(Path file, ApprovalKey key, Instant added) throws IOException {
        String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        List<StandingApproval> existing = StandingApprovalReader.parse(text, file.toString());
        for (StandingApproval approval : existing) {
            if (approval.tool().equals(key.tool()) && approval.prefix().equals(key.prefix())) {
                return approval;
            }
        }
        String id = uniqueId(key, existing.stream().map(StandingApproval::id).collect(Collectors.toSet()));
        String updated = withEntry(text, id, key, added);
        List<StandingApproval> reread = StandingApprovalReader.parse(updated, file.toString());
        if (reread.size() != existing.size() + 1 || !reread.get(reread.size() - 1).id().equals(id)) {
            throw new PolicyException(new Problem(file.toString(), 0, 0,
                    "cannot add an approval to this file without rewriting it; keep it a block list (`- id: …`)"));
        }
        replace(file, updated);
        return reread.get(reread.size() - 1);
    }

    /** The file's text with one entry added at its end. */
    static String withEntry(String text, String id, ApprovalKey key, Instant added) {
        if (Tool.of(key.tool()).isShell() && key.prefix().isEmpty()) {
            throw new IllegalArgumentException("a shell tool approval needs a command prefix");
        }
        StringBuilder out = new StringBuilder(text.isBlank() ? HEADER : text);
        if (out.charAt(out.length() - 1) != '\n') {
            out.append('\n');
        }
        Instant when = added.truncatedTo(ChronoUnit.SECONDS);
        out.append('\n')
                .append("# ").append(when.toString(), 0, 10).append(": \"always\" for ").append(key.describe()).append('\n')
                .append("- id: ").append(id).append('\n')
                .append("  tool: ").append(quote(key.tool())).append('\n')
                .append("  prefix: [")
                .append(key.prefix().stream().map(StandingApprovals::quote).collect(Collectors.joining(", ")))
                .append("]\n")
                .append("  added: ").append(when).append('\n');
        return out.toString();
    }

    /** {@code approved.<tool>.<prefix words>} made of id characters, numbered when taken. */
    static String uniqueId(ApprovalKey key, Set<String> taken) {
        List<String> parts = new ArrayList<>();
        parts.add(slug(key.tool()));
        if (!key.prefix().isEmpty()) {
            parts.add(slug(String.join("-", key.prefix())));
        }
        String base = "approved." + String.join(".", parts);
        if (base.length() > 90) {
            base = base.substring(0, 90);
        }
        String id = base;
        Set<String> used = new HashSet<>(taken);
        for (int n = 2; used.contains(id); n++) {
            id = base + "-" + n;
        }
        return id;
    }

    private static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return slug.isEmpty() ? "x" : slug;
    }

    private static String quote(String word) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : word.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }

    private static void replace(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Set<PosixFilePermission> permissions = posix() && Files.exists(file)
                ? Files.getPosixFilePermissions(file)
                : OWNER_ONLY;
        Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp", fileAttributes());
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                out.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
                out.force(true);
            }
            if (posix()) {
                Files.setPosixFilePermissions(temp, permissions);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static FileAttribute<?>[] fileAttributes() {
        return posix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)} : new FileAttribute<?>[0];
    }

    private static FileAttribute<?>[] directoryAttributes() {
        return posix()
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))}
                : new FileAttribute<?>[0];
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }
}
