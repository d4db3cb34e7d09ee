package dev.cordon.executor;

import dev.cordon.path.DeniedLocations;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.ProxyEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a resolved profile into the OS-level confinement an executor enforces. The places the
 * denied paths name are hidden (the policy refuses them by the same list). The always-protected
 * set of the spec is added here whatever the profile says: policy files, git hooks and config,
 * editor and agent settings and shell start-up files stay read-only inside any writable root, and
 * container-engine sockets are hidden. The shared temp folders (and the caller's {@code TMPDIR},
 * which {@code ${TMPDIR}} roots expand to) are never roots: every run gets a private temp from its
 * executor instead. Glob entries of the denied paths and of {@code filesystem.deny} are matched
 * against the workspace when a run starts ({@link HiddenFiles}).
 */
public final class ConfinementPlanner {

    /** Inside every writable root: written by an agent, they would run code later. */
    static final List<String> PROTECTED_IN_ROOTS = List.of(
            ".git/hooks", ".git/config", ".cordon", ".vscode", ".idea", ".claude", ".codex", ".gemini");

    /** In the home directory, when it is writable at all. */
    static final List<String> SHELL_STARTUP_FILES = List.of(
            ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile",
            ".zshenv", ".zlogin", ".kshrc", ".cshrc", ".tcshrc", ".config/fish", ".ssh", ".gitconfig");

    static final List<String> ENGINE_SOCKETS = List.of(
            "/var/run/docker.sock", "/run/docker.sock", "/run/podman/podman.sock", "/var/run/podman/podman.sock",
            "/run/containerd/containerd.sock");

    /** The host's shared temp folders; a run gets its own temp instead. */
    static final List<Path> SHARED_TEMP = List.of(Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/dev/shm"));

    private static final long MIB = 1024L * 1024L;
    /** A private temp holds at most one file or directory per 4 KiB of its size. */
    private static final long BYTES_PER_TEMP_INODE = 4096;

    private ConfinementPlanner() {
    }

    /**
     * The confinement of a command run by a caller with this environment ({@code HOME},
     * {@code TMPDIR}).
     */
    public static Confinement plan(Profile profile, Path workspace, Map<String, String> env, List<Path> policyFiles) {
        return plan(profile, workspace, env, policyFiles, null);
    }

    /** The same, with the egress proxy that enforces the network allow-list (or null). */
    public static Confinement plan(Profile profile, Path workspace, Map<String, String> env, List<Path> policyFiles,
            ProxyEndpoint proxy) {
        return plan(profile, workspace, Path.of(PolicySources.homeDirectory(env)),
                Path.of(PolicySources.tempDirectory(env)), policyFiles, proxy);
    }

    /**
     * @param profile the resolved profile, its paths already expanded
     * @param workspace the project directory
     * @param home the user's home directory
     * @param tempDir the caller's temp directory ({@code TMPDIR}), which {@code ${TMPDIR}} expanded to
     * @param policyFiles every rule, profile and config file in force
     */
    public static Confinement plan(Profile profile, Path workspace, Path home, Path tempDir, List<Path> policyFiles) {
        return plan(profile, workspace, home, tempDir, policyFiles, null);
    }

    /**
     * The confinement of a command about to run.
     *
     * @param proxy the egress proxy that enforces the profile's network allow-list, or null when
     *     none runs (the network is off or open)
     */
    public static Confinement plan(Profile profile, Path workspace, Path home, Path tempDir, List<Path> policyFiles,
            ProxyEndpoint proxy) {
        Set<Path> read = paths(profile.filesystem().read());
        read.add(workspace);
        Set<Path> write = paths(profile.filesystem().write());
        read.addAll(write);
        boolean writesWorkspace = write.contains(workspace);
        List<Path> temps = new ArrayList<>(SHARED_TEMP);
        temps.add(tempDir.toAbsolutePath().normalize());
        read.removeAll(temps);
        write.removeAll(temps);
        if (!SHARED_TEMP.contains(workspace)) {
            // A caller whose TMPDIR is the project itself keeps the project: only temp is replaced.
            read.add(workspace);
            if (writesWorkspace) {
                write.add(workspace);
            }
        }
        Set<Path> readOnly = new LinkedHashSet<>();
        for (Path root : write) {
            PROTECTED_IN_ROOTS.forEach(p -> readOnly.add(root.resolve(p)));
            if (home.startsWith(root)) {
                SHELL_STARTUP_FILES.forEach(p -> readOnly.add(home.resolve(p)));
            }
        }
        for (Path file : policyFiles) {
            Path absolute = file.toAbsolutePath().normalize();
            if (write.stream().anyMatch(absolute::startsWith)) {
                readOnly.add(absolute);
            }
        }
        // One list: every place the denied paths name is hidden, and what the sandbox alone adds.
        Set<Path> hidden = paths(DeniedLocations.of(profile.deniedPaths(), home.toString()));
        hidden.addAll(paths(profile.filesystem().deny()));
        ENGINE_SOCKETS.forEach(s -> hidden.add(Path.of(s)));
        return new Confinement(workspace, List.copyOf(read), List.copyOf(write), List.copyOf(readOnly),
                List.copyOf(hidden), proxy == null ? network(profile.network()) : network(profile.network()).through(proxy),
                limits(profile.resources()));
    }

    static NetworkPolicy network(Profile.Network network) {
        if (!network.enabled()) {
            return NetworkPolicy.NONE;
        }
        NetworkPolicy.Mode mode = network.allow().isEmpty() ? NetworkPolicy.Mode.FULL : NetworkPolicy.Mode.ALLOW_LIST;
        return new NetworkPolicy(mode, network.allow(), network.deny());
    }

    static Limits limits(Profile.Resources r) {
        long tempBytes = r.tmpMb() * MIB;
        return new Limits(r.maxProcesses(), r.memoryMb() * MIB, r.cpuSeconds(), r.fileSizeMb() * MIB, r.cpuPercent(),
                tempBytes, tempBytes / BYTES_PER_TEMP_INODE);
    }

    /**
     * The glob entries of the denied paths and of {@code filesystem.deny}, matched against the
     * workspace when a run starts.
     */
    public static List<String> hiddenPatterns(Profile profile) {
        Set<String> patterns = new LinkedHashSet<>();
        profile.deniedPaths().stream().filter(ConfinementPlanner::isGlob).forEach(patterns::add);
        profile.filesystem().deny().stream().filter(ConfinementPlanner::isGlob).forEach(patterns::add);
        return List.copyOf(patterns);
    }

    private static boolean isGlob(String entry) {
        return entry.contains("*") || entry.contains("?") || entry.contains("[") || entry.contains("{");
    }

    /** Concrete absolute paths; glob entries are matched by {@link HiddenFiles} instead. */
    private static Set<Path> paths(List<String> entries) {
        Set<Path> out = new LinkedHashSet<>();
        for (String entry : entries) {
            if (!isGlob(entry) && entry.startsWith("/")) {
                out.add(Path.of(entry).normalize());
            }
        }
        return out;
    }
}
