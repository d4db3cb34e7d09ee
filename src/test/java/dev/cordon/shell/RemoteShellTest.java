package dev.cordon.shell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteShellTest {

    @Test
    void loopbackNamesAndAddressesAreThisMachine() {
        for (String destination : List.of("localhost", "user@localhost", "LOCALHOST", "localhost.localdomain",
                "127.0.0.1", "127.1.2.3", "::1", "[::1]", "root@[::1]", "0.0.0.0", "ssh://localhost", "$HOST")) {
            assertTrue(RemoteShell.isThisMachine(destination), destination);
        }
    }

    @Test
    void otherHostsAreElsewhere() {
        for (String destination : List.of("web1", "deploy@web1.example.com", "10.0.0.5", "[2001:db8::1]",
                "localhostile.example")) {
            assertFalse(RemoteShell.isThisMachine(destination), destination);
        }
    }

    @Test
    void aCommandReachedThroughARemoteShellRunsElsewhere() {
        assertTrue(RemoteShell.runsElsewhere(List.of("ssh web1", "sudo")));
        assertFalse(RemoteShell.runsElsewhere(List.of("ssh localhost", "sudo")));
        assertFalse(RemoteShell.runsElsewhere(List.of("sudo", "bash -c")));
    }
}
