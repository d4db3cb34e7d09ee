package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cordon.engine.ShellQuoting;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Claude Code's PreToolUse events, one fixture per mapped tool, through the real rules. */
class ClaudeCodeHookTest extends HookTest {

    private HookAnswer run(String fixture) {
        return hooks.run("claude-code", fixture);
    }

    /** permissionDecision, and the rule the reason names. */
    private static void assertDecision(String decision, String rule, HookAnswer answer) {
        assertEquals(0, answer.exitCode(), answer::toString);
        assertEquals("", answer.stderr(), answer::toString);
        JsonNode out = HookHarness.out(answer).get("hookSpecificOutput");
        assertEquals("PreToolUse", out.get("hookEventName").asText());
        assertEquals(decision, out.get("permissionDecision").asText(), answer::toString);
        String reason = out.get("permissionDecisionReason").asText();
        assertTrue(reason.startsWith("cordon: ") && reason.contains("[" + rule + ", "), reason);
    }

    private static void assertSilent(HookAnswer answer) {
        assertEquals(HookAnswer.silent(), answer);
    }

    @Test
    void bashCommandsAreDecidedByTheShellRules() {
        assertSilent(run("bash-ls.json"));
        assertDecision("deny", "shell.deny-pipe-download-to-interpreter", run("bash-pipe-to-shell.json"));
        assertDecision("ask", "test.deploy-asks", run("bash-deploy.json"));
    }

    @Test
    void aSandboxCommandIsRewrittenToRunUnderCordonRunOnceTheUserAgrees() {
        JsonNode out = HookHarness.out(run("bash-make.json")).get("hookSpecificOutput");
        assertEquals("ask", out.get("permissionDecision").asText());
        JsonNode input = out.get("updatedInput");
        String expected = ShellQuoting.join(List.of(HookHarness.cordonRoot().resolve("bin/cordon").toString(), "run",
                "--profile", "workspace-write", "--workspace", hooks.workspace.toString(), "--", "make test"));
        assertEquals(expected, input.get("command").asText());
        // The rest of the input is kept as the agent gave it.
        assertEquals("Run the tests", input.get("description").asText());
        assertEquals(120000, input.get("timeout").asInt());
        assertTrue(out.get("permissionDecisionReason").asText().contains("[test.make-sandboxed, "));
    }

    @Test
    void withAllowAnswersAnAllowSkipsClaudeCodesPromptAndASandboxRunsConfinedAtOnce() throws Exception {
        hooks.userConfig("hooks:\n  allow: allow\n");
        assertDecision("allow", "gate.default-allow", run("bash-ls.json"));
        JsonNode out = HookHarness.out(run("bash-make.json")).get("hookSpecificOutput");
        assertEquals("allow", out.get("permissionDecision").asText());
        assertTrue(out.get("updatedInput").get("command").asText().contains(" run --profile workspace-write "));
    }

    @Test
    void fileToolsAreReadsAndWritesOfTheirPaths() {
        assertSilent(run("read-source.json"));
        assertDecision("deny", "path.deny-profile", run("read-ssh-key.json"));
        assertSilent(run("write-workspace.json"));
        assertDecision("deny", "path.outside-allowed", run("write-etc.json"));
        assertSilent(run("edit.json"));
        assertDecision("deny", "path.deny-profile", run("multiedit-env.json"));
        assertSilent(run("notebookedit.json"));
    }

    @Test
    void dotDotAndSymlinksAreResolvedBeforeTheCheck() {
        assertDecision("deny", "path.deny-profile", run("read-dotdot.json"));
        assertDecision("deny", "path.deny-profile", run("read-symlink.json"));
    }

    @Test
    void globAndGrepReadTheDirectoriesTheySearch() {
        assertSilent(run("glob.json"));
        assertDecision("deny", "path.outside-allowed", run("glob-escaping.json"));
        assertDecision("deny", "path.deny-profile", run("grep-ssh.json"));
        assertSilent(run("grep-workspace.json"));
        assertDecision("deny", "path.deny-profile", run("ls-aws.json"));
    }

    @Test
    void aFetchIsAConnectionToTheUrlsHostUnderTheProfilesNetwork() throws Exception {
        assertDecision("deny", "network.off", run("webfetch.json"));
        hooks.userConfig("network:\n  enabled: true\n  allow: [docs.example.com:443]\n");
        assertSilent(run("webfetch.json"));
        hooks.userConfig("network:\n  enabled: true\n  allow: [other.example.com:443]\n");
        assertDecision("deny", "network.not-allowed", run("webfetch.json"));
    }

    @Test
    void aSearchRunsAtTheProviderSoTheProfileAnswersItAsAnOtherTool() {
        assertDecision("ask", "hooks.other_tools", run("websearch.json"));
    }

    @Test
    void mcpAndUnknownToolsAreAnsweredAsTheProfileSays() throws Exception {
        assertDecision("ask", "hooks.other_tools", run("mcp.json"));
        assertDecision("ask", "hooks.other_tools", run("unknown-tool.json"));
        hooks.userConfig("hooks:\n  other_tools: deny\n");
        assertDecision("deny", "hooks.other_tools", run("mcp.json"));
    }

    @Test
    void aRuleDecidesAnMcpToolByServerAndToolName() throws Exception {
        java.nio.file.Path rules = java.nio.file.Files.createDirectories(hooks.config.resolve("rules"));
        java.nio.file.Files.writeString(rules.resolve("team.drl"), """
                package team
                dialect "mvel"
                import dev.cordon.fact.Call
                import dev.cordon.fact.Finding
                import dev.cordon.fact.Gate
                import dev.cordon.fact.McpTool

                rule "team.github-read-only"
                when
                    $call : Call( )
                    McpTool( server == "github", tool.startsWith("create") || tool.startsWith("delete") )
                then
                    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $call, "refused: the team files issues by hand" ) );
                end
                """);
        assertDecision("deny", "team.github-read-only", run("mcp.json"));
        assertDecision("ask", "hooks.other_tools", run("unknown-tool.json"));
    }

    @Test
    void refusalsAreAuditedWithTheAgentsSessionAndAllowsAreNotByDefault() throws Exception {
        java.nio.file.Path log = hooks.home.resolve(".local/state/cordon/audit.jsonl");
        assertSilent(run("bash-ls.json"));
        assertTrue(!java.nio.file.Files.exists(log), "allowed calls are not logged by default");
        assertDecision("deny", "path.deny-profile", run("read-ssh-key.json"));
        List<String> lines = java.nio.file.Files.readAllLines(log);
        assertEquals(1, lines.size());
        JsonNode line = HookHarness.JSON.readTree(lines.get(0));
        assertEquals("Read", line.get("tool").asText());
        assertEquals("claude-code:6f1c8c1e-0d2a-4c55-9a49-8f1c2b7f0a11", line.get("session").asText());
        assertEquals("DENY", line.get("decision").asText());
        assertEquals("path.deny-profile", line.get("rule").asText());
        assertEquals(hooks.home.resolve(".ssh/id_rsa").toString(), line.get("path").asText());
    }

    @Test
    void otherEventsAndMissingFieldsAreRefused() {
        HookAnswer post = run("post-tool-use.json");
        assertEquals(HookAnswer.refusal("unknown event `PostToolUse` in `hook_event_name`: cordon answers PreToolUse"),
                post);
        assertEquals(HookAnswer.refusal("missing field `command`"), run("missing-command.json"));
    }
}
