package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.executor.docker.DockerHostFiles.Kind;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DockerMountPlanTest {

    private static final Path HOME = Path.of("/home/me");
    private static final Path WS = Path.of("/home/me/my proj,\"x\"");
    private static final long TMP = 512L << 20;

    /** A host where listed paths are what they say and everything else is missing. */
    private static DockerHostFiles host(Map<Path, Kind> kinds) {
        return path -> kinds.getOrDefault(path, Kind.MISSING);
    }

    private static Map<Path, Kind> typicalHost() {
        Map<Path, Kind> kinds = new HashMap<>();
        for (String dir : List.of("/usr", "/bin", "/etc", "/home/me", "/home/me/.ssh", "/tmp")) {
            kinds.put(Path.of(dir), Kind.DIRECTORY);
        }
        kinds.put(WS, Kind.DIRECTORY);
        kinds.put(WS.resolve(".git"), Kind.DIRECTORY);
        kinds.put(WS.resolve(".git/config"), Kind.FILE);
        kinds.put(WS.resolve("secrets.pem"), Kind.FILE);
        kinds.put(Path.of("/dev/null"), Kind.FILE);
        kinds.put(Path.of("/var/run/docker.sock"), Kind.FILE);
        return kinds;
    }

    @Test
    void rootsAreBoundAtTheirPathsAndProtectedPathsInsideThemMasked() {
        Confinement confinement = new Confinement(WS,
                List.of(Path.of("/usr"), Path.of("/bin"), Path.of("/etc"), HOME, Path.of("/opt/tools")),
                List.of(WS, Path.of("/tmp"), Path.of("/dev/null")),
                List.of(WS.resolve(".git/hooks"), WS.resolve(".git/config"), WS.resolve(".cordon")),
                List.of(HOME.resolve(".ssh"), WS.resolve(".env"), WS.resolve("secrets.pem"), Path.of("/var/run/docker.sock")),
                NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(typicalHost()), TMP);
        assertEquals(List.of(
                "type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912",
                "type=bind,source=/home/me,target=/home/me,readonly",
                "type=bind,\"source=/home/me/my proj,\"\"x\"\"\",\"target=/home/me/my proj,\"\"x\"\"\"",
                "type=tmpfs,target=/home/me/.ssh,readonly,tmpfs-mode=0555,tmpfs-size=4096",
                "type=tmpfs,\"target=/home/me/my proj,\"\"x\"\"/.cordon\",readonly,tmpfs-mode=0555,tmpfs-size=4096",
                "type=tmpfs,\"target=/home/me/my proj,\"\"x\"\"/.env\",readonly,tmpfs-mode=0555,tmpfs-size=4096",
                "type=bind,source=/dev/null,\"target=/home/me/my proj,\"\"x\"\"/secrets.pem\",readonly",
                "type=tmpfs,\"target=/home/me/my proj,\"\"x\"\"/.git/hooks\",readonly,tmpfs-mode=0555,tmpfs-size=4096",
                "type=bind,\"source=/home/me/my proj,\"\"x\"\"/.git/config\",\"target=/home/me/my proj,\"\"x\"\"/.git/config\",readonly"),
                plan.mounts().stream().map(DockerMount::render).toList());
        assertEquals(List.of(WS.resolve(".git/hooks"), WS.resolve(".cordon"), WS.resolve(".env")), plan.placeholders());
        assertEquals(List.of(WS, HOME), plan.roots());
        assertEquals(List.of(HOME.resolve(".ssh"), WS.resolve(".cordon"), WS.resolve(".env"), WS.resolve("secrets.pem"),
                WS.resolve(".git/hooks")), plan.masked());
        assertTrue(plan.showsHost(WS.resolve(".git/config")), "a read-only path is still the host's");
        assertFalse(plan.showsHost(HOME.resolve(".ssh/id_rsa")));
        assertFalse(plan.showsHost(Path.of("/opt/tools/bin")));
    }

    @Test
    void aMissingProtectedPathWhoseParentIsMissingTooIsCoveredFromItsTopmostMissingDirectory() {
        Map<Path, Kind> kinds = new HashMap<>(Map.of(Path.of("/w"), Kind.DIRECTORY));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(), List.of(Path.of("/w")),
                List.of(Path.of("/w/.git/hooks"), Path.of("/w/.git/config")), List.of(), NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(kinds), TMP);
        assertEquals(List.of(Path.of("/w/.git")), plan.placeholders());
        assertEquals(List.of("type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912", "type=bind,source=/w,target=/w",
                "type=tmpfs,target=/w/.git,readonly,tmpfs-mode=0555,tmpfs-size=4096"),
                plan.mounts().stream().map(DockerMount::render).toList());
    }

    @Test
    void insideAReadOnlyRootNothingMoreIsNeededForReadOnlyOrMissingHiddenPaths() {
        Map<Path, Kind> kinds = new HashMap<>(Map.of(Path.of("/r"), Kind.DIRECTORY, Path.of("/w"), Kind.DIRECTORY,
                Path.of("/r/conf"), Kind.FILE));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(Path.of("/r")), List.of(Path.of("/w")),
                List.of(Path.of("/r/conf")), List.of(Path.of("/r/.env")), NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(kinds), TMP);
        assertEquals(List.of("type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912", "type=bind,source=/w,target=/w",
                "type=bind,source=/r,target=/r,readonly"), plan.mounts().stream().map(DockerMount::render).toList());
        assertEquals(List.of(), plan.placeholders());
    }

    @Test
    void hiddenWinsOverReadOnlyAndOverARootInsideIt() {
        Map<Path, Kind> kinds = new HashMap<>(Map.of(Path.of("/w"), Kind.DIRECTORY, Path.of("/w/keys"), Kind.DIRECTORY,
                Path.of("/w/keys/sub"), Kind.DIRECTORY, Path.of("/home"), Kind.DIRECTORY));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(Path.of("/w/keys/sub"), Path.of("/home")),
                List.of(Path.of("/w")), List.of(Path.of("/w/keys")), List.of(Path.of("/w/keys"), Path.of("/home")),
                NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(kinds), TMP);
        assertEquals(List.of("type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912", "type=bind,source=/w,target=/w",
                "type=tmpfs,target=/w/keys,readonly,tmpfs-mode=0555,tmpfs-size=4096"),
                plan.mounts().stream().map(DockerMount::render).toList());
        assertEquals(List.of(Path.of("/w")), plan.roots());
    }

    @Test
    void aRootInsideAnotherOfTheSameKindIsNotBoundTwice() {
        Map<Path, Kind> kinds = new HashMap<>(Map.of(Path.of("/w"), Kind.DIRECTORY, Path.of("/w/sub"), Kind.DIRECTORY,
                Path.of("/data"), Kind.DIRECTORY, Path.of("/data/w2"), Kind.DIRECTORY));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(Path.of("/w/sub"), Path.of("/data")),
                List.of(Path.of("/w/sub"), Path.of("/w"), Path.of("/data/w2")), List.of(), List.of(), NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(kinds), TMP);
        assertEquals(List.of("type=tmpfs,target=/tmp,tmpfs-mode=1777,tmpfs-size=536870912", "type=bind,source=/w,target=/w",
                "type=bind,source=/data,target=/data,readonly", "type=bind,source=/data/w2,target=/data/w2"),
                plan.mounts().stream().map(DockerMount::render).toList());
    }

    @Test
    void aWorkingDirectoryIsShownOnlyInsideABoundRootOrTheTmp() {
        Map<Path, Kind> kinds = new HashMap<>(Map.of(Path.of("/w"), Kind.DIRECTORY));
        Confinement confinement = new Confinement(Path.of("/w"), List.of(Path.of("/usr")), List.of(Path.of("/w")), List.of(),
                List.of(), NetworkPolicy.NONE, Limits.NONE);
        DockerMountPlan plan = DockerMountPlan.of(confinement, host(kinds), TMP);
        assertTrue(plan.shows(Path.of("/w/src")));
        assertTrue(plan.shows(Path.of("/tmp/x")));
        assertFalse(plan.shows(Path.of("/usr")));
        assertFalse(plan.shows(Path.of("/w/../etc")));
        assertFalse(plan.shows(Path.of("/wx")));
    }
}
