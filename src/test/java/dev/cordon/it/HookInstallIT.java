package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cordon hook install | status | uninstall} on real settings files, through the launcher. */
class HookInstallIT {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void installStatusAndUninstallRoundTripOnEachAgentsSettings() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home")).env("XDG_RUNTIME_DIR", temp.resolve("run").toString());
        Path project = Files.createDirectories(temp.resolve("project"));
        Path claude = cordon.home().resolve(".claude/settings.json");
        Path codexConfig = cordon.home().resolve(".codex/config.toml");
        Path gemini = project.resolve(".gemini/settings.json");
        String claudeBefore = "{\"model\":\"sonnet\",\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":"
                + "[{\"type\":\"command\",\"command\":\"./check.sh\"}]}]}}";
        String codexBefore = "model = \"gpt-5-codex\"\n\n[projects.\"/home/dev/app\"]\ntrust_level = \"trusted\"\n";
        String geminiBefore = "{\"general\":{\"vimMode\":true}}";
        Files.createDirectories(claude.getParent());
        Files.writeString(claude, claudeBefore);
        Files.createDirectories(codexConfig.getParent());
        Files.writeString(codexConfig, codexBefore);
        Files.createDirectories(gemini.getParent());
        Files.writeString(gemini, geminiBefore);

        Cordon.Result dry = cordon.run(project, "hook", "install", "claude-code", "--dry-run");
        assertEquals(0, dry.code(), dry::toString);
        assertTrue(dry.out().startsWith(claude + ": would change\n"), dry::toString);
        assertTrue(dry.out().contains("+            \"onFailure\": \"block\""), dry::toString);
        assertEquals(claudeBefore, Files.readString(claude), "a dry run writes nothing");

        String launcher = Cordon.dist().toRealPath().resolve("bin/cordon").toString();
        assertEquals(0, cordon.run(project, "hook", "install", "claude-code").code());
        assertEquals(0, cordon.run(project, "hook", "install", "codex", "--user").code());
        Cordon.Result geminiInstalled = cordon.run(project, "hook", "install", "gemini-cli", "--project");
        assertEquals(gemini + ": changed (the file as it was: " + gemini + ".cordon-backup)\n"
                + "cordon's hook is installed for gemini-cli; see `cordon hook status`\n", geminiInstalled.out());
        assertEquals(geminiBefore, Files.readString(project.resolve(".gemini/settings.json.cordon-backup")));
        assertEquals(launcher + " hook codex", JSON.readTree(Files.readString(cordon.home().resolve(".codex/hooks.json")))
                .get("hooks").get("PreToolUse").get(0).get("hooks").get(0).get("command").asText());

        Cordon.Result status = cordon.run(project, "hook", "status");
        assertTrue(status.out().contains("claude-code user " + claude + ": installed: " + launcher + " hook claude-code"),
                status::toString);
        assertTrue(status.out().contains("codex user " + cordon.home().resolve(".codex/hooks.json") + ": installed: "),
                status::toString);
        assertTrue(status.out().contains("hooks switch on at " + codexConfig + ":7"), status::toString);
        assertTrue(status.out().contains("gemini-cli project " + gemini + ": installed: "), status::toString);
        assertTrue(status.out().contains("gemini-cli user " + cordon.home().resolve(".gemini/settings.json")
                + ": not installed"), status::toString);
        assertTrue(status.out().contains("server: not running"), status::toString);

        assertEquals(0, cordon.run(project, "hook", "uninstall", "claude-code").code());
        assertEquals(0, cordon.run(project, "hook", "uninstall", "codex").code());
        assertEquals(0, cordon.run(project, "hook", "uninstall", "gemini-cli", "--project").code());
        assertEquals(JSON.readTree(claudeBefore), JSON.readTree(Files.readString(claude)));
        assertEquals(codexBefore, Files.readString(codexConfig));
        assertFalse(Files.exists(cordon.home().resolve(".codex/hooks.json")));
        assertEquals(JSON.readTree(geminiBefore), JSON.readTree(Files.readString(gemini)));

        Files.writeString(claude, "{\"model\": \"sonnet\",}");
        Cordon.Result broken = cordon.run(project, "hook", "install", "claude-code");
        assertEquals(3, broken.code(), broken::toString);
        assertTrue(broken.err().startsWith("error: " + claude + ":1:20: not valid JSON: "), broken::toString);
        assertEquals("{\"model\": \"sonnet\",}", Files.readString(claude), "left untouched");
    }
}
