package dev.cordon.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.Set;

/**
 * The per-user folder of the running service: its Unix socket, lock, pid and log. Mode 0700 and
 * owned by the user, so no other user can even reach the socket; the service refuses to start in
 * a folder anyone else could write or read. The launcher finds it the same way (see bin/cordon).
 *
 * @param dir {@code $XDG_RUNTIME_DIR/cordon}, else {@code $XDG_STATE_HOME/cordon/run}, else
 *     {@code ~/.local/state/cordon/run}
 */
public record RuntimeDir(Path dir) {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    public static RuntimeDir of(Map<String, String> env) {
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && runtime.startsWith("/")) {
            return new RuntimeDir(Path.of(runtime, "cordon"));
        }
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && state.startsWith("/") ? Path.of(state)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".local", "state");
        return new RuntimeDir(base.resolve("cordon").resolve("run"));
    }

    /** The socket the hook launcher sends events to. */
    public Path socket() {
        return dir.resolve("hook.sock");
    }

    /** Held by the running service for its whole life: one service per folder. */
    Path lock() {
        return dir.resolve("serve.lock");
    }

    /** The running service's process id. */
    public Path pid() {
        return dir.resolve("serve.pid");
    }

    /** Where a service started in the background writes what it has to say. */
    public Path log() {
        return dir.resolve("serve.log");
    }

    /**
     * Creates the folder, or checks the one there: a directory (not a link), owned by this user,
     * mode 0700.
     *
     * @throws IOException saying what is wrong
     */
    public void secure(UserPrincipal owner) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // Another process made it at the same moment: check it like any other.
            }
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("`" + dir + "` is not a directory");
        }
        UserPrincipal actual = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        if (!actual.equals(owner)) {
            throw new IOException("`" + dir + "` belongs to " + actual.getName() + ", not to " + owner.getName());
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (!mode.equals(OWNER_ONLY)) {
            throw new IOException("`" + dir + "` has mode " + PosixFilePermissions.toString(mode)
                    + "; it must be rwx------ (0700)");
        }
    }

    /** This process's user. */
    public static UserPrincipal currentUser() throws IOException {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
    }
}
