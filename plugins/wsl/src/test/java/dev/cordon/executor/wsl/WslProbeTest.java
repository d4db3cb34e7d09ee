package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.cordon.spi.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe on this machine, and on a stand-in Windows with a stand-in wsl.exe. */
class WslProbeTest {

    @TempDir
    Path temp;

    @Test
    void isUnavailableOffWindowsAndSaysWhy() {
        assumeFalse(System.getProperty("os.name").startsWith("Windows"), "this machine is Windows");
        Probe probe = new WslExecutor().probe();
        assertEquals(Probe.unavailable("wsl needs Windows with WSL2; this machine runs `" + System.getProperty("os.name") + "`"), probe);
    }

    @Test
    void withoutWslExeItIsUnavailable() {
        WslHost host = new WslHost("Windows 11", temp.resolve("wsl.exe").toString(), temp, Optional.empty(), Map.of());
        assertEquals(Probe.unavailable("`" + temp.resolve("wsl.exe") + "` not found: WSL is not installed"),
                WslProbe.probe(host, new FakeWsl()));
    }

    @Test
    void aBrokenDistroFileIsTheReason() throws Exception {
        Path file = Files.writeString(temp.resolve("d.yaml"), "name: x\n");
        assertEquals(Probe.unavailable(file + ":1:1: missing key `rootfs`"), WslProbe.probe(host(Optional.of(file)), new FakeWsl()));
        assertEquals(Probe.unavailable("cannot locate the distro file: neither `cordon.home` nor CORDON_WSL_DISTRO is set"),
                WslProbe.probe(host(Optional.empty()), new FakeWsl()));
    }

    @Test
    void aDistributionThatIsMissingOrOnWsl1IsUnavailable() throws Exception {
        FakeWsl wsl = new FakeWsl();
        assertEquals(Probe.unavailable("distro `cordon-test` is not set up; run `cordon sandbox setup`"),
                WslProbe.probe(host(Optional.empty()), wsl, WslCommandsTest.DISTRO));
        wsl.registered.add("cordon-test");
        wsl.version = 1;
        assertEquals(Probe.unavailable("distro `cordon-test` runs under WSL 1; cordon needs WSL 2"),
                WslProbe.probe(host(Optional.empty()), wsl, WslCommandsTest.DISTRO));
    }

    @Test
    void theTrialNeedsTheMarkerAndNoInterop() throws Exception {
        FakeWsl wsl = new FakeWsl();
        wsl.registered.add("cordon-test");
        wsl.others = argv -> new WslRunner.Reply(1, "", "cat: can't open '/etc/cordon-distro': No such file or directory\n");
        assertEquals(Probe.unavailable("distro `cordon-test` did not finish its setup (cat: can't open '/etc/cordon-distro':"
                + " No such file or directory); run `cordon sandbox reset`"), WslProbe.probe(host(Optional.empty()), wsl, WslCommandsTest.DISTRO));
        wsl.others = argv -> new WslRunner.Reply(0, "cordon-test\nWSLInterop\nregister\nstatus\n", "");
        assertEquals(Probe.unavailable("Windows interop is on in distro `cordon-test`: commands could start Windows programs;"
                + " run `cordon sandbox reset`"), WslProbe.probe(host(Optional.empty()), wsl, WslCommandsTest.DISTRO));
        wsl.others = argv -> new WslRunner.Reply(0, "cordon-test\n", "");
        Probe probe = WslProbe.probe(host(Optional.empty()), wsl, WslCommandsTest.DISTRO);
        assertTrue(probe.available(), probe::summary);
        assertEquals("dedicated WSL 2 distro `cordon-test`; no write isolation (the Windows drives are shared under /mnt)",
                probe.summary());
        assertEquals(Map.of("distro", "cordon-test", "state", "Stopped", "user", "agent", "distro.hint", "a hint"), probe.facts());
        assertEquals(List.of(temp.resolve("wsl.exe").toString(), "-d", "cordon-test", "--exec", "/bin/sh", "-c", WslProbe.TRIAL),
                wsl.calls.get(wsl.calls.size() - 1));
    }

    private WslHost host(Optional<Path> distroFile) throws Exception {
        Files.writeString(temp.resolve("wsl.exe"), "");
        return new WslHost("Windows 11", temp.resolve("wsl.exe").toString(), temp, distroFile, Map.of());
    }
}
