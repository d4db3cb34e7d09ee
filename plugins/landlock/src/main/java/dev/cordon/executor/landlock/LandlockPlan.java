package dev.cordon.executor.landlock;

import dev.cordon.linux.Landlock;
import dev.cordon.linux.LandlockRuleset;
import dev.cordon.linux.SeccompProgram;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.NetworkPolicy;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Landlock rules and seccomp socket policy for one confinement on one kernel ABI.
 *
 * <p>Landlock only grants: a rule on a directory covers everything beneath it, and nothing can be
 * taken back below. A hidden or read-only path inside a root is therefore carved out by
 * <em>splitting</em> the root: each directory on the way down to the protected path gets only
 * what cannot reach into it (listing, plus reading when nothing below is hidden), and every
 * other entry of those directories gets the root's full rights by a rule of its own. What this
 * costs, stated plainly: no new entry can be created directly in a directory on the way to a
 * protected path (the right to create would cover the protected path too), entries created in it
 * after the run started are not accessible, and the names inside a hidden directory can be
 * listed, though not read. Inside a write root that cost would break ordinary work, so there the
 * thread's mount namespace protects them where there is one, and otherwise only existing hidden
 * paths are carved out (see {@link #protect}).
 */
final class LandlockPlan {

    /** Rights of a directory on the way to a protected path when something below is hidden. */
    private static final long TOWARDS_HIDDEN = Landlock.READ_DIR;
    private static final long READ = Landlock.READ_RIGHTS;

    private enum Protection {
        HIDDEN,
        READ_ONLY
    }

    private record Protected(Path path, Protection protection) {
    }

    private final int abi;
    private final long handledFs;
    private final List<Protected> protectedPaths = new ArrayList<>();
    private final List<LandlockGrant> grants = new ArrayList<>();
    private final NetworkPolicy.Mode network;
    private final int proxyPort;
    private final List<Path> writeRoots;
    private final List<Path> readableRoots = new ArrayList<>();
    private final List<Path> uncarved = new ArrayList<>();
    private final List<Protected> mounted = new ArrayList<>();
    private final List<Path> namedRoots = new ArrayList<>();

    private LandlockPlan(int abi, Confinement confinement, InsideWriteRoots inside) {
        this.abi = abi;
        this.writeRoots = confinement.writeRoots().stream().map(LandlockPlan::normal).toList();
        confinement.readRoots().forEach(root -> readableRoots.add(normal(root)));
        readableRoots.addAll(writeRoots);
        readableRoots.stream().filter(root -> !LandlockTemp.SHARED.contains(root)).forEach(namedRoots::add);
        this.handledFs = Landlock.fsRights(abi);
        this.network = confinement.network().mode();
        this.proxyPort = confinement.network().proxy() == null ? 0 : confinement.network().proxy().port();
        for (Path hidden : confinement.hiddenPaths()) {
            protect(normal(hidden), Protection.HIDDEN, inside);
        }
        for (Path readOnly : confinement.readOnlyPaths()) {
            protect(normal(readOnly), Protection.READ_ONLY, inside);
        }
    }

    /**
     * Carving a path out of a write root takes the right to create entries from every directory
     * on the way to it: `.git/hooks` would stop `git commit`, a missing `.vscode` would stop
     * creating any file at the workspace root. So inside write roots the rules carve only existing
     * hidden paths (secrets), and only when no mount namespace masks them instead; the rest is
     * left to the mount namespace, or else to the policy layer.
     */
    private void protect(Path path, Protection protection, InsideWriteRoots inside) {
        if (!insideWriteRoot(path)) {
            protectedPaths.add(new Protected(path, protection));
        } else if (inside == InsideWriteRoots.MOUNTED) {
            mounted.add(new Protected(path, protection));
        } else if (protection == Protection.HIDDEN && Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            protectedPaths.add(new Protected(path, protection));
        } else {
            uncarved.add(path);
        }
    }

    /** Who keeps hidden and read-only paths inside write roots. */
    enum InsideWriteRoots {
        /** The thread's mount namespace masks them and binds them read-only; the rules leave them alone. */
        MOUNTED,
        /** Only the rules: existing hidden paths are carved out, the rest is left to the policy layer. */
        CARVED
    }

    /**
     * Computes the rules: read roots get reading and executing, write roots everything, each
     * split around the protected paths inside it; {@code implicit} grants (what starting a
     * process needs) are added as they are, unless a protected path covers them.
     */
    static LandlockPlan build(Confinement confinement, int abi, List<LandlockGrant> implicit, InsideWriteRoots inside) {
        LandlockPlan plan = new LandlockPlan(abi, confinement, inside);
        long write = plan.handledFs;
        for (Path root : confinement.readRoots()) {
            plan.grantRoot(normal(root), READ & write);
        }
        for (Path root : confinement.writeRoots()) {
            plan.grantRoot(normal(root), write);
        }
        for (LandlockGrant grant : implicit) {
            if (plan.covering(grant.path()).isEmpty()) {
                plan.grants.add(new LandlockGrant(grant.path(), grant.rights() & write, grant.links()));
            }
        }
        return plan;
    }

    int abi() {
        return abi;
    }

    /** Protected paths inside write roots that the kernel rules leave to the policy layer. */
    List<Path> uncarved() {
        return List.copyOf(uncarved);
    }

    private boolean insideWriteRoot(Path path) {
        return writeRoots.stream().anyMatch(root -> path.startsWith(root) && !path.equals(root));
    }

    long handledFs() {
        return handledFs;
    }

    /**
     * TCP rights handled (and so refused, unless {@link #connectPort()} allows one): all of them
     * when the network is off or an allow-list, none when it is open.
     */
    long handledNet() {
        return network == NetworkPolicy.Mode.FULL ? 0 : Landlock.netRights(abi);
    }

    /** The one TCP port the command may connect to (the egress proxy's), or 0 for none. */
    int connectPort() {
        return network == NetworkPolicy.Mode.ALLOW_LIST && abi >= 4 ? proxyPort : 0;
    }

    /** Why a refused connection was refused, or empty when the network is open. */
    Optional<String> networkLimit() {
        return switch (network) {
            case NONE -> Optional.of("the network is off");
            case ALLOW_LIST -> Optional.of("only the egress proxy at 127.0.0.1:" + proxyPort + " is reachable");
            case FULL -> Optional.empty();
        };
    }

    /** Abstract unix sockets and signals may not reach outside the sandbox (ABI 6). */
    long scopes() {
        return Landlock.scopes(abi);
    }

    /**
     * Sockets the child may create. Unix-domain sockets are refused in every mode: Landlock does
     * not mediate connecting to a socket file, and host sockets such as {@code docker.sock} would
     * otherwise be reachable.
     */
    SeccompProgram.Sockets sockets() {
        return switch (network) {
            case NONE -> SeccompProgram.Sockets.NONE;
            // The sandbox's own network namespace holds IP sockets; vsock and packet ones it would not.
            case ALLOW_LIST -> SeccompProgram.Sockets.IP_ONLY;
            case FULL -> SeccompProgram.Sockets.ALL_BUT_UNIX;
        };
    }

    List<LandlockGrant> grants() {
        return List.copyOf(grants);
    }

    /** The rights the rules give a path (the union of every rule at or above it). */
    long rightsOf(Path path) {
        Path target = normal(path);
        long rights = 0;
        for (LandlockGrant grant : grants) {
            if (target.startsWith(grant.path())) {
                rights |= grant.rights();
            }
        }
        return rights;
    }

    /** Why a path is not accessible the way a command wanted, in words for a violation. */
    String reasonFor(Path path, Access wanted) {
        Path target = normal(path);
        Optional<Protected> protection = covering(target).or(() -> mounted.stream()
                .filter(p -> target.startsWith(p.path())).findFirst());
        if (protection.isPresent()) {
            return protection.get().protection() == Protection.HIDDEN ? "hidden path" : "read-only path";
        }
        List<Path> roots = wanted == Access.WRITE ? writeRoots : readableRoots;
        if (roots.stream().noneMatch(target::startsWith)) {
            return wanted == Access.WRITE ? "outside the write roots" : "outside the read roots";
        }
        return "next to a protected path, where landlock cannot allow new entries";
    }

    /** Whether a root the confinement named (not the run's own temp) covers {@code path}. */
    boolean shownByRoot(Path path) {
        Path target = normal(path);
        return namedRoots.stream().anyMatch(target::startsWith);
    }

    /** Whether a hidden path covers {@code path}, carved out of the rules or masked by a mount. */
    boolean isHidden(Path path) {
        Path target = normal(path);
        return java.util.stream.Stream.concat(protectedPaths.stream(), mounted.stream())
                .anyMatch(p -> p.protection() == Protection.HIDDEN && target.startsWith(p.path()));
    }

    /** What a command tried to do with a path. */
    enum Access {
        READ,
        WRITE
    }

    private void grantRoot(Path root, long rights) {
        Optional<Protected> cover = covering(root);
        if (cover.isPresent()) {
            if (cover.get().protection() == Protection.HIDDEN) {
                return;
            }
            rights &= READ;
        }
        List<Protected> inside = below(root, protectedPaths);
        if (inside.isEmpty()) {
            grants.add(new LandlockGrant(root, rights, LandlockRuleset.Links.FOLLOW));
        } else {
            split(root, rights, inside, LandlockRuleset.Links.FOLLOW);
        }
    }

    private void split(Path dir, long rights, List<Protected> inside, LandlockRuleset.Links links) {
        boolean hiddenBelow = inside.stream().anyMatch(p -> p.protection() == Protection.HIDDEN);
        grants.add(new LandlockGrant(dir, rights & (hiddenBelow ? TOWARDS_HIDDEN : READ), links));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                grantEntry(entry, rights, inside);
            }
        } catch (IOException e) {
            // An unlistable directory keeps only the rights above: the safe side.
        }
    }

    private void grantEntry(Path entry, long rights, List<Protected> inside) {
        Optional<Protected> exact = inside.stream().filter(p -> p.path().equals(entry)).findFirst();
        if (exact.isPresent() && exact.get().protection() == Protection.HIDDEN) {
            return;
        }
        long entryRights = exact.isPresent() ? rights & READ : rights;
        List<Protected> deeper = below(entry, inside);
        if (Files.isSymbolicLink(entry)) {
            // Reached through its target's own rules, if any: a link must not widen access.
            return;
        }
        if (deeper.isEmpty()) {
            grants.add(new LandlockGrant(entry, entryRights, LandlockRuleset.Links.NOFOLLOW));
        } else if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
            split(entry, entryRights, deeper, LandlockRuleset.Links.NOFOLLOW);
        }
    }

    /** The protected path at or above {@code path}, hidden first. */
    private Optional<Protected> covering(Path path) {
        Optional<Protected> hidden = protectedPaths.stream()
                .filter(p -> p.protection() == Protection.HIDDEN && path.startsWith(p.path())).findFirst();
        return hidden.isPresent() ? hidden : protectedPaths.stream().filter(p -> path.startsWith(p.path())).findFirst();
    }

    private static List<Protected> below(Path dir, List<Protected> candidates) {
        return candidates.stream().filter(p -> p.path().startsWith(dir) && !p.path().equals(dir)).toList();
    }

    private static Path normal(Path path) {
        return path.toAbsolutePath().normalize();
    }
}
