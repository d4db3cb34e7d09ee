package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Setup, status and reset against a stand-in wsl.exe, with a real checked rootfs file. */
class WslLifecycleTest {

    @TempDir
    Path temp;

    private WslDistro distro() throws Exception {
        Path rootfs = Files.writeString(temp.resolve("rootfs.tar.gz"), "rootfs\n");
        return new WslDistro("cordon-test", rootfs.toUri(), WslRootfs.digest(rootfs), Optional.of("agent"), "/bin",
                List.of("apk update"), List.of("git"), "apk add {packages}", "");
    }

    private WslHost host() {
        return new WslHost("Windows 11", "wsl.exe", temp.resolve("data"), Optional.empty(), Map.of());
    }

    @Test
    void setupRunsEveryStepInOrderAndReportsProgress() throws Exception {
        FakeWsl wsl = new FakeWsl();
        List<String> progress = new ArrayList<>();
        WslLifecycle lifecycle = new WslLifecycle(host(), wsl, distro());
        lifecycle.setup(progress::add);
        Path tarball = temp.resolve("data").resolve("cache").resolve(distro().sha256() + ".tar.gz");
        Path install = temp.resolve("data").resolve("wsl").resolve("cordon-test");
        List<String> expected = List.of(
                "wsl --list --verbose",
                "wsl --import cordon-test " + install + " " + tarball + " --version 2",
                "wsl -d cordon-test -u root --exec /bin/sh -c apk update",
                "wsl -d cordon-test -u root --exec /bin/sh -c apk add git",
                "wsl -d cordon-test -u root --exec /bin/sh -c " + WslCommands.configuration(distro()),
                "wsl --terminate cordon-test");
        assertEquals(expected, wsl.lines());
        assertEquals("fetching " + distro().rootfs(), progress.get(0));
        assertEquals(expected.subList(1, expected.size()), progress.subList(1, progress.size() - 1));
        assertEquals("distro `cordon-test` is ready", progress.get(progress.size() - 1));
        assertEquals("distro `cordon-test`: stopped, WSL 2", lifecycle.status());
    }

    @Test
    void aFailedStepStopsSetupAndSaysHowToStartOver() throws Exception {
        FakeWsl wsl = new FakeWsl();
        wsl.others = argv -> argv.contains("apk add git") ? new WslRunner.Reply(1, "", "ERROR: unable to select packages\n")
                : new WslRunner.Reply(0, "", "");
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> new WslLifecycle(host(), wsl, distro()).setup(line -> { }));
        assertEquals("setup of `cordon-test` failed at `wsl -d cordon-test -u root --exec /bin/sh -c apk add git` (exit 1):"
                + " ERROR: unable to select packages; `cordon sandbox reset` starts over", error.getMessage());
        assertEquals("wsl -d cordon-test -u root --exec /bin/sh -c apk add git", wsl.lines().get(wsl.lines().size() - 1),
                "nothing ran after the failed step (the marker was not written)");
    }

    @Test
    void setupRefusesAnExistingDistributionAndResetReplacesIt() throws Exception {
        FakeWsl wsl = new FakeWsl();
        wsl.registered.add("cordon-test");
        WslLifecycle lifecycle = new WslLifecycle(host(), wsl, distro());
        ExecutorException error = assertThrows(ExecutorException.class, () -> lifecycle.setup(line -> { }));
        assertEquals("distro `cordon-test` is already set up; `cordon sandbox reset` sets it up anew", error.getMessage());
        wsl.calls.clear();
        lifecycle.reset(line -> { });
        assertEquals(List.of("wsl --list --verbose", "wsl --unregister cordon-test", "wsl --list --verbose"),
                wsl.lines().subList(0, 3));
        assertEquals("wsl --terminate cordon-test", wsl.lines().get(wsl.lines().size() - 1));
        assertEquals(List.of("cordon-test"), wsl.registered);
    }

    @Test
    void statusOfADistributionThatIsNotThere() throws Exception {
        assertEquals("distro `cordon-test` is not set up; run `cordon sandbox setup`",
                new WslLifecycle(host(), new FakeWsl(), distro()).status());
    }

    @Test
    void aTamperedRootfsIsNeverImported() throws Exception {
        FakeWsl wsl = new FakeWsl();
        WslDistro distro = distro();
        Files.writeString(temp.resolve("rootfs.tar.gz"), "tampered\n");
        assertThrows(ExecutorException.class, () -> new WslLifecycle(host(), wsl, distro).setup(line -> { }));
        assertEquals(List.of("wsl --list --verbose"), wsl.lines());
    }
}
