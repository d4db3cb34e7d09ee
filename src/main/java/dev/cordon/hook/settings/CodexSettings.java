package dev.cordon.hook.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.hook.CodexAdapter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * Codex: a {@code PreToolUse} hook in {@code hooks.json} and the hooks switch in
 * {@code config.toml}, both in {@code ~/.codex} (or {@code $CODEX_HOME}) or the project's
 * {@code .codex}. Codex asks its user to review and trust a new hook ({@code /hooks}) before it
 * runs it; that step is the user's.
 */
public final class CodexSettings implements AgentSettings {

    static final String EVENT = "PreToolUse";
    static final String MATCHER = "Bash|apply_patch|mcp__.*";
    static final int TIMEOUT = 60;

    @Override
    public String agent() {
        return CodexAdapter.AGENT;
    }

    Path dir(Scope scope, Installation installation) {
        return scope == Scope.USER ? installation.dir("CODEX_HOME", installation.home().resolve(".codex"))
                : installation.cwd().resolve(".codex");
    }

    @Override
    public List<FileChange> install(Scope scope, Installation installation, OptionalInt httpPort) {
        if (httpPort.isPresent()) {
            throw new SettingsError("Codex has no HTTP hooks; install the command hook");
        }
        Path hooksFile = dir(scope, installation).resolve("hooks.json");
        Path configFile = dir(scope, installation).resolve("config.toml");
        String config = text(configFile);
        String enabled = TomlFeature.enable(config == null ? "" : config, configFile);
        ObjectNode hook = HookEntries.newHook();
        hook.put("type", "command");
        hook.put("command", installation.command(agent()));
        hook.put("timeout", TIMEOUT);
        return List.of(HookEntries.installIn(hooksFile, EVENT, MATCHER, hook, this::ours),
                new FileChange(configFile, config, config != null && config.equals(enabled) ? config : enabled));
    }

    @Override
    public List<FileChange> uninstall(Scope scope, Installation installation) {
        Path hooksFile = dir(scope, installation).resolve("hooks.json");
        Path configFile = dir(scope, installation).resolve("config.toml");
        String config = text(configFile);
        return List.of(HookEntries.uninstallFrom(hooksFile, EVENT, this::ours),
                new FileChange(configFile, config, config == null ? null : emptyIsGone(TomlFeature.disable(config, configFile))));
    }

    @Override
    public List<String> status(Scope scope, Installation installation) {
        Path hooksFile = dir(scope, installation).resolve("hooks.json");
        Path configFile = dir(scope, installation).resolve("config.toml");
        String line = Status.line(agent(), scope, hooksFile, EVENT, this::ours, installation);
        String config = text(configFile);
        String flag;
        try {
            TomlFeature.State state = TomlFeature.state(config == null ? "" : config, configFile);
            flag = state.line() == 0 ? "hooks switch not set in " + configFile + " (on by default since Codex 0.124)"
                    : "hooks switch " + (state.on() ? "on" : "OFF: cordon is never asked") + " at " + configFile + ":"
                            + state.line();
        } catch (SettingsError e) {
            flag = "cannot tell the hooks switch: " + e.getMessage();
        }
        return List.of(line + "; " + flag);
    }

    private static String emptyIsGone(String text) {
        return text.isBlank() ? null : text;
    }

    private boolean ours(JsonNode hook) {
        return HookEntries.runsCordon(hook, agent());
    }

    private static String text(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            throw new SettingsError("cannot read `" + file + "`: " + e.getMessage());
        }
    }
}
