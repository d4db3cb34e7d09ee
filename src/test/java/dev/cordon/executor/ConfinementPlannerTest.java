package dev.cordon.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.profile.Profile;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfinementPlannerTest {

    private final Path workspace = Path.of("/srv/project");
    private final Path home = Path.of("/home/dev");
    private static final Path TMP = Path.of("/home/dev/tmp");

    @Test
    void protectedPathsInsideEveryWritableRootStayReadOnlyEvenBeforeTheyExist() {
        Profile profile = Profiles.withFilesystem(RealProfiles.load("development"),
                new Profile.Filesystem(List.of("/usr"), List.of("/srv/project", "/home/dev"), List.of("/home/dev/.ssh")));

        Confinement c = ConfinementPlanner.plan(profile, workspace, home, TMP, List.of(Path.of("/home/dev/.config/cordon")));

        assertTrue(c.readOnlyPaths().contains(Path.of("/srv/project/.git/hooks")));
        assertTrue(c.readOnlyPaths().contains(Path.of("/srv/project/.vscode")));
        assertTrue(c.readOnlyPaths().contains(Path.of("/home/dev/.bashrc")), "home is writable, so its start-up files are protected");
        assertTrue(c.readOnlyPaths().contains(Path.of("/home/dev/.config/cordon")), "policy files inside a writable root");
        assertTrue(c.hiddenPaths().contains(Path.of("/home/dev/.ssh")));
        assertTrue(c.hiddenPaths().contains(Path.of("/var/run/docker.sock")));
        assertTrue(c.readRoots().containsAll(List.of(Path.of("/usr"), workspace)));
    }

    @Test
    void startUpFilesAreNotListedWhenHomeIsNotWritable() {
        Profile profile = Profiles.withFilesystem(RealProfiles.load("development"),
                new Profile.Filesystem(List.of("/usr"), List.of("/srv/project"), List.of()));

        Confinement c = ConfinementPlanner.plan(profile, workspace, home, TMP, List.of(Path.of("/opt/cordon/rules/a.drl")));

        assertFalse(c.readOnlyPaths().contains(Path.of("/home/dev/.bashrc")));
        assertFalse(c.readOnlyPaths().contains(Path.of("/opt/cordon/rules/a.drl")), "not writable anyway");
        assertEquals(List.of(Path.of("/srv/project")), c.writeRoots());
    }

    @Test
    void globEntriesAreMatchedAtTheStartOfARunNotPlannedAsPaths() {
        Profile profile = Profiles.withFilesystem(RealProfiles.load("development"),
                new Profile.Filesystem(List.of(), List.of("/srv/project"), List.of("**/.env", "/etc/shadow")));

        Confinement c = ConfinementPlanner.plan(profile, workspace, home, TMP, List.of());

        assertTrue(c.hiddenPaths().contains(Path.of("/etc/shadow")));
        assertFalse(c.hiddenPaths().stream().anyMatch(p -> p.toString().contains("*")));
        // The patterns of the denied paths too: one list for the policy and the sandbox.
        assertTrue(ConfinementPlanner.hiddenPatterns(profile).containsAll(List.of("**/.env", "**/*.pem", "**/.ssh/**")),
                ConfinementPlanner.hiddenPatterns(profile).toString());
        assertTrue(c.hiddenPaths().contains(home.resolve(".kube")), "a place the denied paths name");
    }

    @Test
    void theSharedTempFoldersAndTheCallersTempAreNeverRoots() {
        Profile profile = Profiles.withFilesystem(RealProfiles.load("development"), new Profile.Filesystem(
                List.of("/usr", "/tmp", "/dev/shm"), List.of("/srv/project", "/tmp", "/var/tmp", TMP.toString()), List.of()));

        Confinement c = ConfinementPlanner.plan(profile, workspace, home, TMP, List.of());

        assertEquals(List.of(Path.of("/srv/project")), c.writeRoots());
        assertEquals(List.of(Path.of("/usr"), workspace), c.readRoots());
    }

    @Test
    void aWorkspaceThatIsTheCallersTempStaysARootAsTheProfileSays() {
        Profile writes = Profiles.withFilesystem(RealProfiles.load("development"), new Profile.Filesystem(
                List.of("/usr", TMP.toString()), List.of(TMP.toString()), List.of()));
        Profile reads = Profiles.withFilesystem(RealProfiles.load("development"), new Profile.Filesystem(
                List.of("/usr", TMP.toString()), List.of(), List.of()));

        Confinement written = ConfinementPlanner.plan(writes, TMP, home, TMP, List.of());
        Confinement read = ConfinementPlanner.plan(reads, TMP, home, TMP, List.of());
        Profile writesTmp = Profiles.withFilesystem(RealProfiles.load("development"), new Profile.Filesystem(
                List.of("/usr", "/tmp"), List.of("/tmp"), List.of()));
        Confinement shared = ConfinementPlanner.plan(writesTmp, Path.of("/tmp"), home, Path.of("/tmp"), List.of());

        assertEquals(List.of(TMP), written.writeRoots());
        assertEquals(List.of(Path.of("/usr"), TMP), written.readRoots());
        assertEquals(List.of(), read.writeRoots());
        assertEquals(List.of(Path.of("/usr"), TMP), read.readRoots());
        assertEquals(List.of(), shared.writeRoots(), "a shared temp folder is private even as the workspace");
        assertEquals(List.of(Path.of("/usr")), shared.readRoots());
    }

    @Test
    void networkModesFollowTheProfile() {
        assertEquals(NetworkPolicy.Mode.NONE,
                ConfinementPlanner.network(new Profile.Network(false, List.of("a:1"), List.of())).mode());
        assertEquals(NetworkPolicy.Mode.ALLOW_LIST,
                ConfinementPlanner.network(new Profile.Network(true, List.of("a:1"), List.of())).mode());
        NetworkPolicy full = ConfinementPlanner.network(new Profile.Network(true, List.of(), List.of("169.254.169.254")));
        assertEquals(NetworkPolicy.Mode.FULL, full.mode());
        assertEquals(List.of("169.254.169.254"), full.deny());
    }

    @Test
    void limitsAreConvertedToBytes() {
        var limits = ConfinementPlanner.limits(new Profile.Resources(64, 512, 30, 10, 60, 100, 40, 8));
        assertEquals(64, limits.maxProcesses());
        assertEquals(40, limits.cpuPercent());
        assertEquals(8L * 1024 * 1024, limits.tempBytes());
        assertEquals(2048, limits.tempInodes());
        assertEquals(512L * 1024 * 1024, limits.memoryBytes());
        assertEquals(30, limits.cpuSeconds());
        assertEquals(10L * 1024 * 1024, limits.fileSizeBytes());
    }
}
