package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in rules come precompiled, but an edited rule file is what decides, from the very next
 * command on; and an edit that does not compile refuses with its file and line.
 */
class EditedRulesIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REASON = "is outside the profile's allowed paths";

    @TempDir
    Path temp;

    @Test
    void theNextCommandDecidesWithTheEditedRule() throws Exception {
        Path dist = Cordon.distributionCopy(temp.resolve("cordon"));
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Path rules = dist.resolve("rules/paths.drl");

        Cordon.Result before = cordon.run(dist, workspace, null, "policy", "test", "--json", "--", "rm -r -f /");
        assertEquals(10, before.code(), before::toString);
        assertTrue(JSON.readTree(before.out()).get("reason").asText().contains(REASON), before::toString);

        String text = Files.readString(rules);
        Files.writeString(rules, text.replace(REASON, "is beyond the edited boundary"));
        Cordon.Result edited = cordon.run(dist, workspace, null, "policy", "test", "--json", "--", "rm -r -f /");
        assertEquals(10, edited.code(), edited::toString);
        assertEquals("refused: `/` is beyond the edited boundary; stay inside the workspace",
                JSON.readTree(edited.out()).get("reason").asText());

        Files.writeString(rules, text.replace("rule \"path.outside-allowed\"", "rule \"path.outside-allowed\" (("));
        Cordon.Result broken = cordon.run(dist, workspace, null, "policy", "test", "--", "rm -r -f /");
        assertEquals(3, broken.code(), broken::toString);
        assertEquals("", broken.out());
        assertTrue(broken.err().matches("(?s)error: \\S*paths\\.drl:\\d+.*"), broken::toString);
    }
}
