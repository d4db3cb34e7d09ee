package dev.cordon.hook.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Install and uninstall on settings files as the agents document them. */
class AgentSettingsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    Installation installation;

    @BeforeEach
    void setUp() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        installation = new Installation(Path.of("/opt/cordon/bin/cordon"), Map.of("HOME", home.toString()),
                Files.createDirectories(temp.resolve("project")));
    }

    /** Applies the changes as the command does, without backups. */
    static void apply(List<FileChange> changes) throws Exception {
        for (FileChange change : changes) {
            if (change.changes() && change.after() == null) {
                Files.delete(change.file());
            } else if (change.changes()) {
                Files.createDirectories(change.file().getParent());
                Files.writeString(change.file(), change.after(), StandardCharsets.UTF_8);
            }
        }
    }

    static JsonNode json(Path file) throws Exception {
        return JSON.readTree(Files.readString(file));
    }

    @Test
    void claudeCodeKeepsEveryOtherKeyAndHookAndUninstallRemovesExactlyWhatItAdded() throws Exception {
        Path file = installation.home().resolve(".claude/settings.json");
        Files.createDirectories(file.getParent());
        String original = """
                {"model": "opus", "permissions": {"deny": ["Read(./.env)"]},
                 "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./audit.sh"}]}],
                           "Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}
                """;
        Files.writeString(file, original);
        AgentSettings claude = new ClaudeCodeSettings();
        apply(claude.install(Scope.USER, installation, OptionalInt.empty()));
        JsonNode installed = json(file);
        assertEquals("opus", installed.get("model").asText());
        JsonNode groups = installed.get("hooks").get("PreToolUse");
        assertEquals(2, groups.size());
        assertEquals("./audit.sh", groups.get(0).get("hooks").get(0).get("command").asText());
        assertEquals(JSON.readTree("""
                {"matcher": "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Glob|Grep|LS|WebFetch|WebSearch|mcp__.*",
                 "hooks": [{"type": "command", "command": "/opt/cordon/bin/cordon hook claude-code", "timeout": 60,
                            "onFailure": "block"}]}"""), groups.get(1));
        assertFalse(claude.install(Scope.USER, installation, OptionalInt.empty()).get(0).changes(), "idempotent");
        apply(claude.uninstall(Scope.USER, installation));
        assertEquals(JSON.readTree(original), json(file));
        assertFalse(claude.uninstall(Scope.USER, installation).get(0).changes());
    }

    @Test
    void claudeCodesHttpHookCarriesTheTokenFromTheEnvironment() throws Exception {
        AgentSettings claude = new ClaudeCodeSettings();
        apply(claude.install(Scope.PROJECT, installation, OptionalInt.of(8787)));
        JsonNode hook = json(installation.cwd().resolve(".claude/settings.json")).get("hooks").get("PreToolUse").get(0)
                .get("hooks").get(0);
        assertEquals("http://127.0.0.1:8787/v1/hook/claude-code", hook.get("url").asText());
        assertEquals("Bearer $CORDON_TOKEN", hook.get("headers").get("Authorization").asText());
        assertEquals("[\"CORDON_TOKEN\"]", hook.get("allowedEnvVars").toString());
        assertEquals("block", hook.get("onFailure").asText());
        // Installing the command hook replaces it: one cordon hook at a time.
        apply(claude.install(Scope.PROJECT, installation, OptionalInt.empty()));
        JsonNode groups = json(installation.cwd().resolve(".claude/settings.json")).get("hooks").get("PreToolUse");
        assertEquals(1, groups.size());
        assertEquals("command", groups.get(0).get("hooks").get(0).get("type").asText());
    }

    @Test
    void aFileThatDoesNotParseIsRefusedWithWhereItBroke() throws Exception {
        Path file = installation.home().resolve(".claude/settings.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"model\": \"opus\",\n  \"hooks\": [}\n");
        SettingsError e = assertThrows(SettingsError.class,
                () -> new ClaudeCodeSettings().install(Scope.USER, installation, OptionalInt.empty()));
        assertEquals(file + ":2:13: not valid JSON: Unexpected close marker '}': expected ']'", e.getMessage());
        Files.writeString(file, "{\"hooks\": []}");
        assertEquals("`hooks` is not an object; cordon will not guess what it means", assertThrows(SettingsError.class,
                () -> new ClaudeCodeSettings().install(Scope.USER, installation, OptionalInt.empty())).getMessage());
    }

    @Test
    void codexGetsItsHookAndItsSwitchAndLosesExactlyThem() throws Exception {
        Path config = installation.home().resolve(".codex/config.toml");
        Files.createDirectories(config.getParent());
        String original = """
                model = "gpt-5-codex"
                approval_policy = "on-request"

                [features]
                web_search_request = true # search

                [mcp_servers.github]
                command = "github-mcp"
                args = [
                  "stdio",
                ]
                """;
        Files.writeString(config, original);
        AgentSettings codex = new CodexSettings();
        apply(codex.install(Scope.USER, installation, OptionalInt.empty()));
        String enabled = Files.readString(config);
        assertTrue(enabled.contains("[features]\ncodex_hooks = true " + TomlFeature.MARK + "\nweb_search_request = true"),
                enabled);
        JsonNode hook = json(installation.home().resolve(".codex/hooks.json")).get("hooks").get("PreToolUse").get(0);
        assertEquals("Bash|apply_patch|mcp__.*", hook.get("matcher").asText());
        assertEquals("/opt/cordon/bin/cordon hook codex", hook.get("hooks").get(0).get("command").asText());
        assertTrue(codex.status(Scope.USER, installation).get(0).contains("hooks switch on at " + config + ":5"));
        apply(codex.uninstall(Scope.USER, installation));
        assertEquals(original, Files.readString(config));
        assertFalse(Files.exists(installation.home().resolve(".codex/hooks.json")), "install made it, uninstall took it");
    }

    @Test
    void codexWithoutAConfigGetsAFeaturesTableThatUninstallTakesAwayAgain() throws Exception {
        AgentSettings codex = new CodexSettings();
        List<FileChange> changes = codex.install(Scope.PROJECT, installation, OptionalInt.empty());
        assertNull(changes.get(1).before());
        assertEquals("[features] " + TomlFeature.MARK + "\ncodex_hooks = true " + TomlFeature.MARK + "\n",
                changes.get(1).after());
        apply(changes);
        apply(codex.uninstall(Scope.PROJECT, installation));
        assertFalse(Files.exists(installation.cwd().resolve(".codex/config.toml")));
    }

    @Test
    void codexHooksTurnedOffOrAConfigCordonCannotReadAreLeftAlone() throws Exception {
        Path config = installation.home().resolve(".codex/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[features]\ncodex_hooks = false\n");
        assertEquals(config + ":2: this line turns Codex hooks off, so cordon's hook would never run; turn it on or"
                + " remove it, then install again", assertThrows(SettingsError.class,
                        () -> new CodexSettings().install(Scope.USER, installation, OptionalInt.empty())).getMessage());
        Files.writeString(config, "model = \"o3\"\nthis is not toml\n");
        assertEquals(config + ":2: not valid TOML: `this is not toml`", assertThrows(SettingsError.class,
                () -> new CodexSettings().install(Scope.USER, installation, OptionalInt.empty())).getMessage());
        Files.writeString(config, "notes = \"\"\"\nfirst\n");
        assertThrows(SettingsError.class, () -> new CodexSettings().install(Scope.USER, installation, OptionalInt.empty()));
    }

    @Test
    void geminiCliGetsANamedHookAndStatusWarnsWhenHooksAreOff() throws Exception {
        Path file = installation.home().resolve(".gemini/settings.json");
        Files.createDirectories(file.getParent());
        String original = "{\"theme\": \"GitHub\", \"hooksConfig\": {\"enabled\": false}}";
        Files.writeString(file, original);
        AgentSettings gemini = new GeminiCliSettings();
        apply(gemini.install(Scope.USER, installation, OptionalInt.empty()));
        JsonNode hook = json(file).get("hooks").get("BeforeTool").get(0).get("hooks").get(0);
        assertEquals("cordon", hook.get("name").asText());
        assertEquals(60000, hook.get("timeout").asInt());
        String status = gemini.status(Scope.USER, installation).get(0);
        assertTrue(status.contains("installed: /opt/cordon/bin/cordon hook gemini-cli (BeforeTool")
                && status.endsWith("warning: hooksConfig.enabled is false: Gemini CLI runs no hooks"), status);
        apply(gemini.uninstall(Scope.USER, installation));
        assertEquals(JSON.readTree(original), json(file));
    }

    @Test
    void aSettingsFileWithCommentsIsNotRewritten() throws Exception {
        Path file = installation.cwd().resolve(".gemini/settings.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\n  // my theme\n  \"theme\": \"GitHub\"\n}\n");
        SettingsError e = assertThrows(SettingsError.class,
                () -> new GeminiCliSettings().install(Scope.PROJECT, installation, OptionalInt.empty()));
        assertTrue(e.getMessage().contains("has comments, which cordon would lose"), e.getMessage());
    }

    @Test
    void theDiffShowsTheChangedLinesWithSomeContext() {
        assertEquals(List.of(" a", " b", "-c", "+C", " d", " e", " …", " h", " i", "+j", " "),
                LineDiff.of("a\nb\nc\nd\ne\nf\ng\nh\ni\n", "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n"));
    }
}
