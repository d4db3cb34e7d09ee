package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.cordon.spi.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe on this machine, and its trial run judged against stand-ins for {@code sandbox-exec}:
 * shell scripts that ignore the profile, refuse everything, or only pretend to confine.
 */
class SeatbeltProbeTest {

    @TempDir
    Path temp;

    @Test
    void isUnavailableOffMacOsAndSaysWhy() {
        SeatbeltHost host = SeatbeltHost.current();
        assumeFalse(host.isMacOs(), "this machine is macOS");
        Probe probe = new SeatbeltExecutor().probe();
        assertFalse(probe.available());
        assertEquals("seatbelt needs macOS (`sandbox-exec`); this machine runs `" + System.getProperty("os.name") + "`",
                probe.summary());
    }

    @Test
    void isUnavailableWithoutSandboxExec() {
        Path missing = temp.resolve("sandbox-exec");
        Probe probe = new SeatbeltExecutor(new SeatbeltHost("Mac OS X", missing)).probe();
        assertEquals(Probe.unavailable("`" + missing + "` is missing or not executable"), probe);
    }

    @Test
    void aSandboxExecThatIgnoresTheProfileIsCaughtByTheTrialRun() throws Exception {
        Probe probe = probeWith("shift 2\nexec \"$@\"\n");
        assertEquals(Probe.unavailable("seatbelt trial run was not confined: the profile did not hold"), probe);
    }

    @Test
    void aSandboxExecThatRunsNothingIsUnavailable() throws Exception {
        Probe probe = probeWith("echo 'sandbox-exec: profile rejected' >&2\nexit 65\n");
        assertEquals(Probe.unavailable("seatbelt trial run could not write its workspace: sandbox-exec: profile rejected"), probe);
    }

    @Test
    void aTrialThatHoldsMakesItAvailableAndTheProfileItRanHidesTheSecret() throws Exception {
        Path seen = temp.resolve("profile-seen");
        // Behaves as a holding sandbox would: writes inside ($7 is the workspace), nothing else.
        Probe probe = probeWith("printf '%s' \"$2\" > '" + seen + "'\necho held > \"$7/inside\"\n");
        assertTrue(probe.available(), probe::summary);
        assertEquals("sandbox-exec with a generated Seatbelt profile", probe.summary());
        assertEquals("Mac OS X", probe.facts().get("os.name"));
        assertEquals(4, probe.enforced().size());
        String profile = Files.readString(seen);
        assertTrue(profile.startsWith("(version 1)\n(deny default)\n"), profile);
        assertTrue(profile.matches("(?s).*\\(deny file-read\\* file-write\\* process-exec\n    \\(subpath \"[^\"]*/secret\"\\)\\).*"),
                profile);
        assertTrue(profile.endsWith("(deny network*)\n"), profile);
    }

    private Probe probeWith(String body) throws Exception {
        Path script = temp.resolve("fake-sandbox-exec");
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return new SeatbeltExecutor(new SeatbeltHost("Mac OS X", script)).probe();
    }
}
