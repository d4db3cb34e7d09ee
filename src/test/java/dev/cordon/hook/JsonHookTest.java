package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cordon.engine.ShellQuoting;
import java.util.List;
import org.junit.jupiter.api.Test;

/** cordon's own protocol: the decision as JSON and as the exit code of {@code policy test}. */
class JsonHookTest extends HookTest {

    private HookAnswer run(String fixture) {
        return hooks.run("json", fixture);
    }

    @Test
    void theDecisionIsInTheAnswerAndTheExitCode() {
        HookAnswer denied = run("bash-pipe-to-shell.json");
        assertEquals(10, denied.exitCode());
        JsonNode out = HookHarness.out(denied);
        assertEquals(1, out.get("schema").asInt());
        assertEquals("DENY", out.get("decision").asText());
        assertEquals("DENY", out.get("policy_decision").asText());
        assertEquals("shell.deny-pipe-download-to-interpreter", out.get("rule").asText());
        assertEquals(HookHarness.cordonRoot().resolve("rules/remote.drl").toString(), out.get("file").asText());
        assertEquals("workspace-write", out.get("profile").asText());
        assertEquals("standard", out.get("mode").asText());
        assertEquals(0, run("read-source.json").exitCode());
        assertEquals(10, run("web-fetch.json").exitCode());
        assertEquals(11, run("mcp.json").exitCode());
        assertEquals(11, run("unknown-tool.json").exitCode());
    }

    @Test
    void aSandboxAnswerCarriesTheConfinedCommand() {
        HookAnswer sandbox = run("bash-make.json");
        assertEquals(12, sandbox.exitCode());
        assertEquals(ShellQuoting.join(List.of(HookHarness.cordonRoot().resolve("bin/cordon").toString(), "run",
                "--profile", "workspace-write", "--workspace", hooks.workspace.toString(), "--", "make test")),
                HookHarness.out(sandbox).get("confined_command").asText());
    }
}
