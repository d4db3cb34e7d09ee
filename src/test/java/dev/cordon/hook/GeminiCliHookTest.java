package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cordon.engine.ShellQuoting;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Gemini CLI's BeforeTool events, one fixture per mapped tool. */
class GeminiCliHookTest extends HookTest {

    private HookAnswer run(String fixture) {
        return hooks.run("gemini-cli", fixture);
    }

    private static JsonNode assertDecision(String decision, String rule, HookAnswer answer) {
        assertEquals(0, answer.exitCode(), answer::toString);
        JsonNode out = HookHarness.out(answer);
        assertEquals(decision, out.get("decision").asText(), answer::toString);
        assertTrue(out.get("reason").asText().contains("[" + rule + ", "), out::toString);
        return out;
    }

    @Test
    void shellCommands() {
        assertEquals(HookAnswer.silent(), run("shell-ls.json"));
        JsonNode denied = assertDecision("deny", "shell.deny-pipe-download-to-interpreter", run("shell-pipe-to-shell.json"));
        assertEquals(denied.get("reason"), denied.get("systemMessage"));
        assertDecision("ask", "test.deploy-asks", run("shell-deploy.json"));
    }

    @Test
    void aSandboxCommandIsRewrittenThroughToolInput() {
        JsonNode out = assertDecision("ask", "test.make-sandboxed", run("shell-make.json"));
        JsonNode input = out.get("hookSpecificOutput").get("tool_input");
        assertEquals("BeforeTool", out.get("hookSpecificOutput").get("hookEventName").asText());
        assertEquals(ShellQuoting.join(List.of(HookHarness.cordonRoot().resolve("bin/cordon").toString(), "run",
                "--profile", "workspace-write", "--workspace", hooks.workspace.toString(), "--", "make test")),
                input.get("command").asText());
        assertEquals("Run the tests", input.get("description").asText());
    }

    @Test
    void fileTools() {
        assertEquals(HookAnswer.silent(), run("read-file.json"));
        assertDecision("deny", "path.deny-profile", run("read-file-ssh.json"));
        assertEquals(HookAnswer.silent(), run("read-many-files.json"));
        assertDecision("deny", "path.outside-allowed", run("read-many-files-escape.json"));
        assertEquals(HookAnswer.silent(), run("write-file.json"));
        assertDecision("deny", "path.outside-allowed", run("write-file-etc.json"));
        assertEquals(HookAnswer.silent(), run("replace.json"));
        assertEquals(HookAnswer.silent(), run("glob.json"));
        assertDecision("deny", "path.deny-profile", run("search-file-content.json"));
        assertEquals(HookAnswer.silent(), run("grep-search.json"));
        assertEquals(HookAnswer.silent(), run("list-directory.json"));
    }

    @Test
    void webToolsFollowTheProfilesNetwork() throws Exception {
        assertDecision("deny", "network.off", run("web-fetch.json"));
        assertDecision("ask", "hooks.other_tools", run("google-web-search.json"));
        // Every URL of the prompt is a destination: one outside the allow-list refuses the fetch.
        hooks.userConfig("network:\n  enabled: true\n  allow: [docs.example.com:443]\n");
        JsonNode out = assertDecision("deny", "network.not-allowed", run("web-fetch.json"));
        assertTrue(out.get("reason").asText().contains("blog.example.org:443"), out::toString);
        hooks.userConfig("network:\n  enabled: true\n  allow: [docs.example.com:443, blog.example.org:443]\n");
        assertEquals(HookAnswer.silent(), run("web-fetch.json"));
    }

    @Test
    void mcpToolsAreNamedFromTheirContextAndUnknownToolsAskTheProfile() {
        JsonNode mcp = assertDecision("ask", "hooks.other_tools", run("mcp.json"));
        assertTrue(mcp.get("reason").asText().contains("`mcp_github_create_issue`"), mcp::toString);
        assertDecision("ask", "hooks.other_tools", run("unknown-tool.json"));
    }

    @Test
    void otherEventsAreRefused() {
        assertEquals(HookAnswer.refusal("unknown event `AfterTool` in `hook_event_name`: cordon answers BeforeTool"),
                run("after-tool.json"));
    }
}
