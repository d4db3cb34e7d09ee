package dev.cordon.hook.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.hook.GeminiCliAdapter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Gemini CLI: a {@code BeforeTool} hook named {@code cordon} in {@code ~/.gemini/settings.json}
 * or the project's {@code .gemini/settings.json}. Gemini CLI turns hooks off with
 * {@code hooksConfig.enabled: false} and single hooks with {@code hooksConfig.disabled}; status
 * says so, since cordon would then never be asked.
 */
public final class GeminiCliSettings implements AgentSettings {

    static final String EVENT = "BeforeTool";
    static final String MATCHER = "run_shell_command|read_file|read_many_files|write_file|replace|list_directory|glob"
            + "|search_file_content|grep_search|web_fetch|google_web_search|mcp_.*";
    /** Milliseconds, as Gemini CLI counts them. */
    static final int TIMEOUT_MILLIS = 60_000;

    @Override
    public String agent() {
        return GeminiCliAdapter.AGENT;
    }

    Path file(Scope scope, Installation installation) {
        Path dir = scope == Scope.USER ? installation.home().resolve(".gemini") : installation.cwd().resolve(".gemini");
        return dir.resolve("settings.json");
    }

    @Override
    public List<FileChange> install(Scope scope, Installation installation, OptionalInt httpPort) {
        if (httpPort.isPresent()) {
            throw new SettingsError("Gemini CLI has no HTTP hooks; install the command hook");
        }
        ObjectNode hook = HookEntries.newHook();
        hook.put("name", "cordon");
        hook.put("type", "command");
        hook.put("command", installation.command(agent()));
        hook.put("timeout", TIMEOUT_MILLIS);
        hook.put("description", "cordon decides every tool call by policy");
        return List.of(HookEntries.installIn(file(scope, installation), EVENT, MATCHER, hook, this::ours));
    }

    @Override
    public List<FileChange> uninstall(Scope scope, Installation installation) {
        return List.of(HookEntries.uninstallFrom(file(scope, installation), EVENT, this::ours));
    }

    @Override
    public List<String> status(Scope scope, Installation installation) {
        Path file = file(scope, installation);
        String line = Status.line(agent(), scope, file, EVENT, this::ours, installation);
        List<String> notes = new ArrayList<>();
        try {
            JsonNode config = JsonSettings.read(file).path("hooksConfig");
            if (config.path("enabled").isBoolean() && !config.get("enabled").asBoolean()) {
                notes.add("hooksConfig.enabled is false: Gemini CLI runs no hooks");
            }
            for (JsonNode name : config.path("disabled")) {
                if (name.asText().equals("cordon") || name.asText().equals(installation.command(agent()))) {
                    notes.add("hooksConfig.disabled lists cordon: Gemini CLI does not run it");
                }
            }
        } catch (SettingsError e) {
            // Status.line has said it already.
        }
        return List.of(notes.isEmpty() ? line : line + "; warning: " + String.join("; ", notes));
    }

    private boolean ours(JsonNode hook) {
        return HookEntries.runsCordon(hook, agent());
    }
}
