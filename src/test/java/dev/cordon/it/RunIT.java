package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cordon run} end to end: decided, then confined by whatever executor `auto` picks here. */
class RunIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void anAllowedCommandRunsInTheWorkspaceAndPassesItsOutputAndExitCodeThrough() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result result = cordon.run(workspace, "run", "--", "echo hello > out.txt && cat out.txt && exit 7");
        assertEquals(7, result.code(), result::toString);
        assertEquals("hello\n", result.out());
        assertEquals("hello\n", Files.readString(workspace.resolve("out.txt")));
    }

    @Test
    void aWriteOutsideTheWorkspaceThatThePolicyCannotSeeIsStoppedByTheSandbox() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        // The home folder is readable but not writable under the default profile (the temp folder
        // is writable there, so it would prove nothing).
        Path outside = cordon.home().resolve("outside.txt");
        Cordon.Result result = cordon.run(workspace, "run", "--json", "--",
                "python3", "-c", "open('" + outside + "', 'w').write('x')");
        JsonNode json = JSON.readTree(result.out());
        assertEquals("ALLOW", json.get("decision").asText(), result::toString);
        assertTrue(json.get("ran").asBoolean(), result::toString);
        assertTrue(json.get("exit_code").asInt() != 0, result::toString);
        assertTrue(json.get("stderr").asText().contains("ermission denied")
                || json.get("stderr").asText().contains("Read-only file system"), result::toString);
        assertFalse(Files.exists(outside), "the sandbox let a write outside the workspace happen");
    }

    @Test
    void aDeniedCommandExits126WithTheReasonAndDoesNotRun() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Path marker = workspace.resolve("ran");
        Cordon.Result result = cordon.run(workspace, "run", "--", "touch " + marker + "; bash -c 'rm -rf ~'");
        assertEquals(126, result.code(), result::toString);
        assertTrue(result.err().contains("refused"), result::toString);
        assertFalse(Files.exists(marker), "a refused command ran");
    }

    @Test
    void askWithoutATerminalIsDenied() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result decided = cordon.run(workspace, "policy", "test", "--json", "--", "read c; $c");
        assertEquals("ASK", JSON.readTree(decided.out()).get("decision").asText(), decided::toString);
        Cordon.Result result = cordon.run(workspace, "run", "--", "read c; $c");
        assertEquals(126, result.code(), result::toString);
    }

    @Test
    void secretsInCordonsEnvironmentDoNotReachTheCommand() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home")).env("AWS_SECRET_ACCESS_KEY", "s3cr3t-value");
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result result = cordon.run(workspace, "run", "--", "env");
        assertEquals(0, result.code(), result::toString);
        assertFalse(result.out().contains("s3cr3t-value"), result::toString);
        assertTrue(result.out().contains("HOME="), result::toString);
    }
}
