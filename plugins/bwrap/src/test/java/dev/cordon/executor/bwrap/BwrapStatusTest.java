package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BwrapStatusTest {

    @Test
    void readsTheSandboxAndTheExitCode() {
        BwrapStatus status = BwrapStatus.parse("""
                { "child-pid": 6385, "cgroup-namespace": 4026532182, "ipc-namespace": 4026532180, \
                "mnt-namespace": 4026532178, "net-namespace": 4026532183, "pid-namespace": 4026532181, \
                "uts-namespace": 4026532179 }
                { "exit-code": 3 }
                """);

        assertEquals(new BwrapStatus(OptionalLong.of(6385), OptionalLong.of(4026532183L), OptionalLong.of(4026532181L),
                OptionalInt.of(3)), status);
        assertTrue(status.commandRan());
    }

    @Test
    void aSandboxWithoutAnExitCodeNeverRanTheCommand() {
        BwrapStatus status = BwrapStatus.parse("{ \"child-pid\": 6391, \"net-namespace\": 1 }\n");

        assertTrue(status.sandboxCreated());
        assertFalse(status.commandRan());
        assertFalse(BwrapStatus.parse("").sandboxCreated());
    }

    @Test
    void readsVersions() {
        assertEquals(Optional.of(new BwrapVersion(0, 8, 0)), BwrapVersion.parse("bubblewrap 0.8.0\n"));
        assertEquals(Optional.of(new BwrapVersion(0, 11, 0)), BwrapVersion.parse("bubblewrap 0.11"));
        assertEquals(Optional.empty(), BwrapVersion.parse("bwrap: unknown option --version"));
        assertTrue(new BwrapVersion(0, 11, 0).isSupported());
        assertFalse(new BwrapVersion(0, 6, 2).isSupported());
    }
}
