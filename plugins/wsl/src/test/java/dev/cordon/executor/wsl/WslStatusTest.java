package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WslStatusTest {

    private static final String LISTING = "  NAME             STATE           VERSION\r\n"
            + "* Ubuntu           Running         2\r\n"
            + "  Cordon-Alpine    Stopped         2\r\n"
            + "  legacy           Stopped         1\r\n";

    @Test
    void findsADistributionByNameWhateverItsCase() {
        String text = WslOutput.decode(LISTING.getBytes(StandardCharsets.UTF_8));
        assertEquals(Optional.of(new WslStatus("Cordon-Alpine", "Stopped", 2)), WslStatus.find(text, "cordon-alpine"));
        assertEquals(Optional.of(new WslStatus("Ubuntu", "Running", 2)), WslStatus.find(text, "Ubuntu"));
        assertEquals(Optional.of(new WslStatus("legacy", "Stopped", 1)), WslStatus.find(text, "legacy"));
        assertEquals(Optional.empty(), WslStatus.find(text, "NAME"));
        assertEquals(Optional.empty(), WslStatus.find(text, "cordon"));
        assertEquals("distro `Cordon-Alpine`: stopped, WSL 2", WslStatus.find(text, "cordon-alpine").orElseThrow().describe());
    }

    @Test
    void readsTheUtf16OutputOfOlderWslVersions() {
        assertEquals(LISTING.replace("\r\n", "\n"), WslOutput.decode(LISTING.getBytes(StandardCharsets.UTF_16LE)));
        byte[] withBom = ("\uFEFF" + LISTING).getBytes(StandardCharsets.UTF_16LE);
        assertEquals(LISTING.replace("\r\n", "\n"), WslOutput.decode(withBom));
        assertEquals("ünïcode\n", WslOutput.decode("ünïcode\r\n".getBytes(StandardCharsets.UTF_8)));
    }
}
