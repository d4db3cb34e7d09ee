package dev.cordon.hook;

import dev.cordon.golden.Golden;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hook answers are a contract with each agent: every kind of answer of every protocol, pinned in
 * {@code golden/hooks/} (see the README there to change them on purpose).
 */
class HookGoldenTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource({
        "claude-code, bash-ls.json", "claude-code, bash-pipe-to-shell.json", "claude-code, bash-deploy.json",
        "claude-code, bash-make.json", "claude-code, read-ssh-key.json", "claude-code, mcp.json",
        "claude-code, post-tool-use.json",
        "codex, bash-pipe-to-shell.json", "codex, bash-deploy.json", "codex, bash-make.json",
        "codex, apply-patch-escape.json", "codex, apply-patch-malformed.json",
        "gemini-cli, shell-pipe-to-shell.json", "gemini-cli, shell-deploy.json", "gemini-cli, shell-make.json",
        "gemini-cli, mcp.json",
        "json, bash-pipe-to-shell.json", "json, bash-make.json", "json, read-source.json"})
    void answers(String agent, String fixture) throws Exception {
        HookHarness hooks = new HookHarness(temp);
        HookAnswer answer = hooks.run(agent, fixture);
        golden().replacing(temp, "<tmp>").replacing(HookHarness.cordonRoot(), "<cordon>")
                .check("hooks/" + agent + "/" + fixture.replace(".json", ".txt"), answer.exitCode(), answer.stdout(),
                        answer.stderr());
    }

    @ParameterizedTest
    @CsvSource({"claude-code, bash-ls.json", "claude-code, bash-make.json", "gemini-cli, shell-make.json"})
    void answersWhenTheProfileSaysAllow(String agent, String fixture) throws Exception {
        HookHarness hooks = new HookHarness(temp).userConfig("hooks:\n  allow: allow\n");
        HookAnswer answer = hooks.run(agent, fixture);
        golden().replacing(temp, "<tmp>").replacing(HookHarness.cordonRoot(), "<cordon>")
                .check("hooks/" + agent + "/allow-answers-" + fixture.replace(".json", ".txt"), answer.exitCode(),
                        answer.stdout(), answer.stderr());
    }

    @ParameterizedTest
    @CsvSource({"claude-code", "codex", "gemini-cli", "json"})
    void refusals(String agent) throws Exception {
        HookAnswer answer = new HookHarness(temp).answer(agent, "{\"tool_name\":".getBytes(StandardCharsets.UTF_8));
        golden().check("hooks/" + agent + "/malformed.txt", answer.exitCode(), answer.stdout(), answer.stderr());
    }

    private static Golden golden() {
        return new Golden();
    }
}
