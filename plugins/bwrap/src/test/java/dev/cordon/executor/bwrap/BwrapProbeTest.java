package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cordon.spi.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe's refusals, with stand-ins for bwrap that behave like a broken or old installation. */
class BwrapProbeTest {

    @TempDir
    Path temp;

    @Test
    void userNamespacesRefusedMakeItUnavailableWithBwrapsReason() throws Exception {
        Path fake = fakeBwrap("""
                [ "$1" = --version ] && { echo 'bubblewrap 0.8.0'; exit 0; }
                echo 'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2
                exit 1
                """);

        Probe probe = probe(fake);

        assertFalse(probe.available());
        assertEquals("bwrap cannot confine commands here: bwrap could not set up the sandbox: bwrap: No permissions to"
                + " creating new namespace, likely because the kernel does not allow non-privileged user namespaces.",
                probe.summary());
        assertEquals("0.8.0", probe.facts().get("bwrap.version"));
    }

    @Test
    void anOldReleaseIsRefused() throws Exception {
        Probe probe = probe(fakeBwrap("echo 'bubblewrap 0.4.1'\n"));

        assertFalse(probe.available());
        assertEquals("bubblewrap 0.4.1 is too old: 0.8.0 or newer is needed", probe.summary());
    }

    @Test
    void aProgramThatIsNotBubblewrapIsRefused() throws Exception {
        Probe probe = probe(fakeBwrap("echo 'usage: something else'\n"));

        assertFalse(probe.available());
        assertEquals("`bwrap --version` printed no bubblewrap version", probe.summary());
    }

    @Test
    void aSandboxThatDoesNotHoldIsRefused() throws Exception {
        // Runs the command without any confinement: the probe must notice the write outside.
        Path fake = fakeBwrap("""
                [ "$1" = --version ] && { echo 'bubblewrap 0.8.0'; exit 0; }
                cd "$(tr '\\0' '\\n' <&4 | sed -n '/^--chdir$/{n;p;}')" || exit 1
                while [ "$1" != -- ]; do shift; done; shift
                echo '{ "child-pid": 1, "pid-namespace": 1, "net-namespace": 1 }' >&5
                "$@"; code=$?
                echo "{ \\"exit-code\\": $code }" >&5
                exit $code
                """);

        Probe probe = probe(fake);

        assertFalse(probe.available());
        assertEquals("a write outside the workspace was not refused", probe.summary());
    }

    private Probe probe(Path fake) {
        try (BwrapExecutor executor = new BwrapExecutor(() -> Optional.of(fake), new BwrapHostFileSystem())) {
            Probe probe = executor.probe();
            assertEquals(Set.of(), executor.capabilities());
            return probe;
        }
    }

    private Path fakeBwrap(String body) throws Exception {
        Path script = Files.createTempFile(temp, "bwrap-", ".sh");
        Files.writeString(script, "#!/bin/sh\n" + body);
        script.toFile().setExecutable(true);
        return script;
    }
}
