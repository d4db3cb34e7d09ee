package dev.cordon.hook.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.hook.ClaudeCodeAdapter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * Claude Code: a {@code PreToolUse} hook in {@code ~/.claude/settings.json} (or
 * {@code $CLAUDE_CONFIG_DIR}) or the project's {@code .claude/settings.json}. {@code onFailure:
 * block} makes a hook that cannot start or times out block the tool instead of letting it run.
 */
public final class ClaudeCodeSettings implements AgentSettings {

    static final String EVENT = "PreToolUse";
    static final String MATCHER = "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Glob|Grep|LS|WebFetch|WebSearch|mcp__.*";
    /** Seconds: longer than cordon ever takes, so cordon's own time-outs answer first. */
    static final int TIMEOUT = 60;

    @Override
    public String agent() {
        return ClaudeCodeAdapter.AGENT;
    }

    Path file(Scope scope, Installation installation) {
        return scope == Scope.USER
                ? installation.dir("CLAUDE_CONFIG_DIR", installation.home().resolve(".claude")).resolve("settings.json")
                : installation.cwd().resolve(".claude").resolve("settings.json");
    }

    @Override
    public List<FileChange> install(Scope scope, Installation installation, OptionalInt httpPort) {
        ObjectNode hook = HookEntries.newHook();
        if (httpPort.isPresent()) {
            hook.put("type", "http");
            hook.put("url", "http://127.0.0.1:" + httpPort.getAsInt() + "/v1/hook/" + ClaudeCodeAdapter.AGENT);
            hook.putObject("headers").put("Authorization", "Bearer $CORDON_TOKEN");
            hook.putArray("allowedEnvVars").add("CORDON_TOKEN");
        } else {
            hook.put("type", "command");
            hook.put("command", installation.command(agent()));
        }
        hook.put("timeout", TIMEOUT);
        hook.put("onFailure", "block");
        return List.of(HookEntries.installIn(file(scope, installation), EVENT, MATCHER, hook, this::ours));
    }

    @Override
    public List<FileChange> uninstall(Scope scope, Installation installation) {
        return List.of(HookEntries.uninstallFrom(file(scope, installation), EVENT, this::ours));
    }

    @Override
    public List<String> status(Scope scope, Installation installation) {
        return List.of(Status.line(agent(), scope, file(scope, installation), EVENT, this::ours, installation));
    }

    private boolean ours(JsonNode hook) {
        return HookEntries.runsCordon(hook, agent())
                || "http".equals(hook.path("type").asText()) && hook.path("url").asText().endsWith("/v1/hook/" + agent());
    }
}
