package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BwrapMountPlanTest {

    private static final long TMP = 1 << 20;

    private static final List<String> SYNTHETIC = List.of(
            "--dev", "/dev",
            "--proc", "/proc",
            "--perms", "1777", "--size", "1048576", "--tmpfs", "/tmp");
    /** The private temp folders one level down, in the plan's order. */
    private static final List<String> SHM = List.of("--perms", "1777", "--size", "1048576", "--tmpfs", "/dev/shm",
            "--perms", "1777", "--size", "1048576", "--tmpfs", "/var/tmp");
    private static final List<String> KEYS = List.of(
            "--ro-bind", "/dev/null", "/proc/key-users",
            "--ro-bind", "/dev/null", "/proc/keys");

    @Test
    void bindsOnlyTheRootsOverAnEmptyTreeAndRecreatesMergedUsrLinks() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/usr/bin").dir("/etc").dir("/home/u/ws").dir("/home/u/.ssh")
                .link("/bin", "usr/bin").link("/lib32", "usr/lib32").link("/opt", "var/opt");
        BwrapMountPlan plan = plan(files, confinement("/home/u/ws", List.of("/usr", "/etc"), List.of("/home/u/ws"),
                List.of(), List.of("/home/u/.ssh")), "/home/u/ws");

        // /home/u/.ssh is not under any root, so it does not exist inside and needs no mask;
        // /opt points at nothing visible and is left out.
        assertEquals(args(
                List.of("--ro-bind", "/etc", "/etc"),
                List.of("--ro-bind", "/usr", "/usr"),
                SYNTHETIC,
                SHM,
                KEYS,
                List.of("--bind", "/home/u/ws", "/home/u/ws"),
                List.of("--symlink", "usr/bin", "/bin"),
                List.of("--symlink", "usr/lib32", "/lib32")), plan.arguments());
        assertEquals(List.of(), plan.placeholders());
    }

    @Test
    void masksHiddenDirectoriesAndFilesInsideARoot() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/home/u/.ssh").file("/home/u/.netrc").dir("/home/u/ws");
        BwrapMountPlan plan = plan(files, confinement("/home/u/ws", List.of("/home/u"), List.of("/home/u/ws"),
                List.of(), List.of("/home/u/.ssh", "/home/u/.netrc")), "/home/u/ws");

        assertEquals(args(
                SYNTHETIC,
                List.of("--ro-bind", "/home/u", "/home/u"),
                SHM,
                KEYS,
                List.of("--bind", "/home/u/ws", "/home/u/ws"),
                List.of("--perms", "0000", "--tmpfs", "/home/u/.ssh", "--remount-ro", "/home/u/.ssh"),
                List.of("--ro-bind", "/dev/null", "/home/u/.netrc")), plan.arguments());
    }

    @Test
    void aMissingHiddenPathInAWriteRootGetsAPlaceholderSoItCannotBeCreated() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/ws/a");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of(), List.of("/ws"),
                List.of(), List.of("/ws/.env", "/ws/a/b/.env")), "/ws");

        // /ws/a/b is the first missing component: its placeholder also stops `mkdir -p a/b`;
        // /ws/a becomes a mount point so it cannot be renamed away to make room.
        assertEquals(args(
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                List.of("--bind", "/ws/a", "/ws/a"),
                KEYS,
                List.of("--ro-bind", "/dev/null", "/ws/.env"),
                List.of("--ro-bind", "/dev/null", "/ws/a/b")), plan.arguments());
        assertEquals(List.of(Path.of("/ws/.env"), Path.of("/ws/a/b")), plan.placeholders());
    }

    @Test
    void readOnlyPathsInAWriteRootAreBoundReadOnlyWithTheirParentsPinned() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/ws/.git/hooks").file("/ws/.bashrc");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of(), List.of("/ws"),
                List.of("/ws/.git/hooks", "/ws/.git/config", "/ws/.bashrc"), List.of()), "/ws");

        assertEquals(args(
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                List.of("--bind", "/ws/.git", "/ws/.git"),
                List.of("--ro-bind", "/ws/.bashrc", "/ws/.bashrc"),
                KEYS,
                List.of("--ro-bind", "/ws/.git/config", "/ws/.git/config"),
                List.of("--ro-bind", "/ws/.git/hooks", "/ws/.git/hooks")), plan.arguments());
        assertEquals(List.of(Path.of("/ws/.git/config")), plan.placeholders());
    }

    @Test
    void aMissingRepositoryIsReservedWholeSoNoHookCanBePlanted() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/ws");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of(), List.of("/ws"),
                List.of("/ws/.git/hooks"), List.of()), "/ws");

        assertEquals(List.of(Path.of("/ws/.git")), plan.placeholders());
        assertEquals(args(
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                List.of("--ro-bind", "/ws/.git", "/ws/.git"),
                KEYS), plan.arguments());
    }

    @Test
    void pathsTheCommandCannotWriteAnywayNeedNoProtection() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/src").dir("/ws");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/src"), List.of("/ws"),
                List.of("/src/.git/hooks", "/elsewhere/x"), List.of("/src/.env", "/tmp/secret")), "/ws");

        // Read-only roots cannot gain files, /elsewhere and /tmp are not the host's inside.
        assertEquals(args(
                List.of("--ro-bind", "/src", "/src"),
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                KEYS), plan.arguments());
        assertEquals(List.of(), plan.placeholders());
    }

    @Test
    void deeperMountsLandOnTopWhateverTheInputOrder() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/home/u/ws/out/deep");
        BwrapMountPlan plan = plan(files, confinement("/home/u/ws",
                List.of("/home/u"), List.of("/home/u/ws/out/deep", "/home/u/ws"), List.of(), List.of()), "/home/u/ws");

        assertEquals(args(
                SYNTHETIC,
                List.of("--ro-bind", "/home/u", "/home/u"),
                SHM,
                KEYS,
                List.of("--bind", "/home/u/ws", "/home/u/ws"),
                List.of("--bind", "/home/u/ws/out/deep", "/home/u/ws/out/deep")), plan.arguments());
    }

    @Test
    void aReadRootInsideAWriteRootStaysWritable() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/ws/src");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/ws/src", "/ws"), List.of("/ws"),
                List.of(), List.of()), "/ws");

        assertEquals(args(SYNTHETIC, List.of("--bind", "/ws", "/ws"), SHM, KEYS), plan.arguments());
    }

    @Test
    void theWholeHostReadOnlyStillGetsFreshKernelTreesAndMasks() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/root/.ssh").dir("/ws").link("/bin", "usr/bin").dir("/usr/bin");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/"), List.of("/ws"),
                List.of(), List.of("/root/.ssh")), "/ws");

        // The host's /bin link is already visible through the bound root.
        assertEquals(args(
                List.of("--ro-bind", "/", "/"),
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                List.of("--perms", "0000", "--tmpfs", "/root/.ssh", "--remount-ro", "/root/.ssh"),
                KEYS), plan.arguments());
    }

    @Test
    void kernelTreesAndTheHostTmpAreNeverBound() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/tmp/ws").dir("/proc/1").file("/dev/null").dir("/dev/shm/x");
        BwrapMountPlan plan = plan(files, confinement("/tmp/ws", List.of("/proc/1", "/dev"),
                List.of("/tmp", "/dev/null", "/tmp/ws", "/dev/shm", "/dev/shm/x"), List.of(), List.of()), "/tmp/ws");

        assertEquals(args(
                SYNTHETIC,
                SHM,
                List.of("--bind", "/tmp/ws", "/tmp/ws"),
                KEYS,
                List.of("--bind", "/dev/shm/x", "/dev/shm/x")), plan.arguments());
    }

    @Test
    void aSymlinkedWorkspaceIsBoundWhereItReallyIsAndReachableByItsName() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/data/proj").dir("/home/u").link("/home/u/proj", "../../data/proj");
        BwrapMountPlan plan = plan(files, confinement("/home/u/proj", List.of(), List.of("/home/u/proj"),
                List.of(), List.of()), "/home/u/proj");

        assertEquals(args(
                SYNTHETIC,
                SHM,
                List.of("--bind", "/data/proj", "/data/proj"),
                KEYS,
                List.of("--symlink", "../../data/proj", "/home/u/proj")), plan.arguments());
    }

    @Test
    void aHiddenSymlinkIsMaskedWhereItsContentIs() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/home/u/dotfiles/ssh").link("/home/u/.ssh", "dotfiles/ssh");
        BwrapMountPlan plan = plan(files, confinement("/home/u", List.of("/home/u"), List.of(),
                List.of(), List.of("/home/u/.ssh")), "/home/u");

        assertEquals(args(
                SYNTHETIC,
                List.of("--ro-bind", "/home/u", "/home/u"),
                SHM,
                KEYS,
                List.of("--perms", "0000", "--tmpfs", "/home/u/dotfiles/ssh", "--remount-ro", "/home/u/dotfiles/ssh")),
                plan.arguments());
    }

    @Test
    void rootsInsideHiddenPathsAreDropped() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/home/u/.aws/cache").dir("/ws");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/home/u/.aws/cache"), List.of("/ws"),
                List.of(), List.of("/home/u/.aws")), "/ws");

        assertEquals(args(SYNTHETIC, List.of("--bind", "/ws", "/ws"), SHM, KEYS), plan.arguments());
    }

    @Test
    void aReadRootInsideAnotherIsNotBoundTwice() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/usr/lib").dir("/ws").link("/lib", "usr/lib");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/usr/lib", "/lib", "/usr"), List.of("/ws"),
                List.of(), List.of()), "/ws");

        assertEquals(args(
                List.of("--ro-bind", "/usr", "/usr"),
                SYNTHETIC,
                List.of("--bind", "/ws", "/ws"),
                SHM,
                KEYS,
                List.of("--symlink", "usr/lib", "/lib")), plan.arguments());
    }

    @Test
    void missingRootsAreLeftOut() throws Exception {
        FakeFileSystem files = new FakeFileSystem().dir("/ws");
        BwrapMountPlan plan = plan(files, confinement("/ws", List.of("/nix/store"), List.of("/ws", "/ws-cache"),
                List.of(), List.of()), "/ws");

        assertEquals(args(SYNTHETIC, List.of("--bind", "/ws", "/ws"), SHM, KEYS), plan.arguments());
    }

    @Test
    void refusesAWorkingDirectoryTheCommandCouldNotEnter() {
        FakeFileSystem files = new FakeFileSystem().dir("/ws").dir("/other").dir("/ws/.secrets");
        Confinement confinement = confinement("/ws", List.of(), List.of("/ws"), List.of(), List.of("/ws/.secrets"));

        assertEquals("working directory `/other` is outside every root the command may read",
                assertThrows(ExecutorException.class, () -> plan(files, confinement, "/other")).getMessage());
        assertEquals("working directory `/ws/.secrets` is a hidden path",
                assertThrows(ExecutorException.class, () -> plan(files, confinement, "/ws/.secrets")).getMessage());
        assertEquals("working directory `/tmp/host-only` is outside every root the command may read",
                assertThrows(ExecutorException.class, () -> plan(files.dir("/tmp/host-only"), confinement, "/tmp/host-only"))
                        .getMessage());
        assertEquals("working directory `/ws/gone` does not exist",
                assertThrows(ExecutorException.class, () -> plan(files, confinement, "/ws/gone")).getMessage());
    }

    @Test
    void refusesPathsThatAreNotAbsoluteAndNormalised() {
        FakeFileSystem files = new FakeFileSystem().dir("/ws");

        assertEquals("write root `ws` is not an absolute, normalised path", assertThrows(ExecutorException.class,
                () -> plan(files, confinement("/ws", List.of(), List.of("ws"), List.of(), List.of()), "/ws")).getMessage());
        assertEquals("hidden path `/ws/../etc` is not an absolute, normalised path", assertThrows(ExecutorException.class,
                () -> plan(files, confinement("/ws", List.of(), List.of("/ws"), List.of(), List.of("/ws/../etc")), "/ws"))
                .getMessage());
    }

    @Test
    void refusesASymlinkLoop() {
        FakeFileSystem files = new FakeFileSystem().dir("/ws").link("/ws/a", "b").link("/ws/b", "a");

        assertEquals("hidden path `/ws/a/x`: too many levels of symbolic links", assertThrows(ExecutorException.class,
                () -> plan(files, confinement("/ws", List.of(), List.of("/ws"), List.of(), List.of("/ws/a/x")), "/ws"))
                .getMessage());
    }

    private static BwrapMountPlan plan(FakeFileSystem files, Confinement confinement, String cwd) throws ExecutorException {
        return BwrapMountPlan.plan(confinement, Path.of(cwd), files, TMP);
    }

    static Confinement confinement(String workspace, List<String> read, List<String> write, List<String> readOnly,
            List<String> hidden) {
        return new Confinement(Path.of(workspace), paths(read), paths(write), paths(readOnly), paths(hidden),
                NetworkPolicy.NONE, Limits.NONE);
    }

    private static List<Path> paths(List<String> paths) {
        return paths.stream().map(Path::of).toList();
    }

    @SafeVarargs
    private static List<String> args(List<String>... groups) {
        List<String> all = new ArrayList<>();
        for (List<String> group : groups) {
            all.addAll(group);
        }
        return all;
    }
}
