package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dry runs a newcomer tries first, through the real launcher. */
class PolicyTestIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void recursiveDeleteOfRootIsDeniedWithTheDecidingRulesLocation() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result result = cordon.run(workspace, "policy", "test", "--json", "--", "rm", "-r", "-f", "/");
        assertEquals(10, result.code(), result::toString);
        JsonNode json = JSON.readTree(result.out());
        assertEquals("DENY", json.get("decision").asText());
        String file = json.get("file").asText();
        assertTrue(file.endsWith(".drl"), file);
        int line = json.get("line").asInt();
        String source = Files.readAllLines(Path.of(file).isAbsolute() ? Path.of(file) : workspace.resolve(file))
                .get(line - 1);
        assertTrue(source.contains(json.get("rule").asText()), "line " + line + " of " + file + ": " + source);
    }

    @Test
    void printingADangerousStringIsAllowedUnderDevelopment() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result result = cordon.run(workspace, "policy", "test", "--profile", "development", "--",
                "echo 'rm -rf /'");
        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("ALLOW"), result::toString);
    }

    @Test
    void readingAnSshKeyWithTheFileToolIsDenied() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        String key = cordon.home().resolve(".ssh/id_rsa").toString();
        Cordon.Result result = cordon.run(workspace, "policy", "test", "--json", "--tool", "read_file",
                "--path", key);
        assertEquals(10, result.code(), result::toString);
        assertEquals("DENY", JSON.readTree(result.out()).get("decision").asText());
    }

    @Test
    void theProjectsExampleSuitesPass() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path examples = Path.of(System.getProperty("cordon.root"), "docs", "examples");
        String[] suites;
        try (var files = Files.list(examples)) {
            suites = files.filter(p -> p.toString().endsWith(".yaml")).map(Path::toString).sorted()
                    .toArray(String[]::new);
        }
        assertTrue(suites.length > 0, "no suites in " + examples);
        String[] args = new String[suites.length + 2];
        args[0] = "policy";
        args[1] = "verify";
        System.arraycopy(suites, 0, args, 2, suites.length);
        Cordon.Result result = cordon.run(Files.createDirectories(temp.resolve("project")), args);
        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains(" 0 failed"), result::toString);
    }

    @Test
    void aUsageErrorExitsTwoWithoutAStackTrace() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        Cordon.Result result = cordon.run(Files.createDirectories(temp.resolve("p")), "policy", "test", "--bogus");
        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: "), result::toString);
        assertTrue(!result.err().contains("\tat "), result::toString);
    }
}
