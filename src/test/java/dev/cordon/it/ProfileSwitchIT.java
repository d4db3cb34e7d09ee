package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cordon profile use} in two projects gives two policies for the same request. */
class ProfileSwitchIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void ciInOneProjectAndUntrustedInAnotherDecideTheSameWriteDifferently() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path ci = Files.createDirectories(temp.resolve("service"));
        Path untrusted = Files.createDirectories(temp.resolve("cloned"));
        assertEquals(0, cordon.run(ci, "profile", "use", "ci").code());
        assertEquals(0, cordon.run(untrusted, "profile", "use", "untrusted").code());
        assertTrue(cordon.run(ci, "profile", "current").out().contains("ci"));

        String inCi = decision(cordon, ci, ci.resolve("src/main.c"));
        String inUntrusted = decision(cordon, untrusted, untrusted.resolve("src/main.c"));
        assertEquals("ALLOW", inCi);
        assertNotEquals("ALLOW", inUntrusted);
    }

    private static String decision(Cordon cordon, Path project, Path file) throws Exception {
        Cordon.Result result = cordon.run(project, "policy", "test", "--json", "--tool", "write_file",
                "--path", file.toString());
        return JSON.readTree(result.out()).get("decision").asText();
    }
}
