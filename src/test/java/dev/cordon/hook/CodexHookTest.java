package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * Codex's PreToolUse events. Codex honours only a deny from a hook (an ask, or an allow without a
 * rewritten input, counts as a failed hook and the tool runs), so everything but ALLOW is a deny.
 */
class CodexHookTest extends HookTest {

    private HookAnswer run(String fixture) {
        return hooks.run("codex", fixture);
    }

    private static void assertDenied(String rule, String because, HookAnswer answer) {
        assertEquals(0, answer.exitCode(), answer::toString);
        JsonNode out = HookHarness.out(answer);
        assertEquals(1, out.size(), "only hookSpecificOutput: " + out);
        JsonNode specific = out.get("hookSpecificOutput");
        assertEquals("PreToolUse", specific.get("hookEventName").asText());
        assertEquals("deny", specific.get("permissionDecision").asText());
        String reason = specific.get("permissionDecisionReason").asText();
        assertTrue(reason.contains("[" + rule + ", ") && reason.contains(because), reason);
    }

    @Test
    void shellCommands() {
        assertEquals(HookAnswer.silent(), run("bash-ls.json"));
        assertDenied("shell.deny-pipe-download-to-interpreter", "refused", run("bash-pipe-to-shell.json"));
        assertDenied("test.deploy-asks", "which Codex hooks cannot ask for", run("bash-deploy.json"));
        assertDenied("test.make-sandboxed", "which Codex cannot arrange from a hook", run("bash-make.json"));
    }

    @Test
    void allowAnswersStaySilentBecauseCodexRejectsABareAllow() throws Exception {
        hooks.userConfig("hooks:\n  allow: allow\n");
        assertEquals(HookAnswer.silent(), run("bash-ls.json"));
    }

    @Test
    void everyFileAPatchTouchesIsAWrite() {
        assertEquals(HookAnswer.silent(), run("apply-patch-workspace.json"));
        assertDenied("path.outside-allowed", "outside", run("apply-patch-escape.json"));
        assertDenied("path.deny-profile", ".env", run("apply-patch-delete-env.json"));
        assertDenied("path.outside-allowed", "/etc/profile.d/x.sh", run("apply-patch-heredoc.json"));
    }

    @Test
    void aPatchCodexWouldNotApplyIsRefused() {
        assertEquals(HookAnswer.refusal("the apply_patch input is not a patch: its first line must be `*** Begin Patch`"),
                run("apply-patch-malformed.json"));
    }

    @Test
    void mcpAndUnknownToolsAskWhichCodexCannotSoTheyAreDenied() {
        assertDenied("hooks.other_tools", "which Codex hooks cannot ask for", run("mcp.json"));
        assertDenied("hooks.other_tools", "which Codex hooks cannot ask for", run("unknown-tool.json"));
    }
}
