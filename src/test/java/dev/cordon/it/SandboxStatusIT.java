package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/** Every plugin loads from its own folder, and the Linux executors' probes pass where the kernel allows. */
class SandboxStatusIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    // Probes run concurrently, each plugin in its own class loader: repeated to catch races between them.
    @RepeatedTest(3)
    void theLinuxExecutorsAreAvailableAndTheOthersSayWhyNot() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Cordon.Result result = cordon.run(Files.createDirectories(temp.resolve("p")), "sandbox", "status", "--json");
        assertEquals(0, result.code(), result::toString);
        JsonNode status = JSON.readTree(result.out());
        Map<String, JsonNode> executors = new HashMap<>();
        status.get("executors").forEach(e -> executors.put(e.get("id").asText(), e));
        assertEquals(java.util.Set.of("local", "landlock", "bwrap", "seatbelt", "windows", "wsl", "docker"),
                executors.keySet(), result::toString);
        assertEquals(0, status.get("load_problems").size(), result::toString);
        assertTrue(executors.get("seatbelt").get("summary").asText().contains("macOS"));

        JsonNode abi = status.get("kernel").get("landlock.abi");
        assumeTrue(abi != null && abi.asInt() > 0, "no landlock in this kernel");
        assertTrue(executors.get("landlock").get("available").asBoolean(), () -> executors.get("landlock").toString());
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")), "bubblewrap is not installed");
        assertTrue(executors.get("bwrap").get("available").asBoolean(), () -> executors.get("bwrap").toString());
        assertEquals("bwrap", status.get("profiles").get("workspace-write").get("executor").asText());
    }
}
