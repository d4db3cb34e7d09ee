package dev.cordon.hook.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** One line of {@code cordon hook status}: what of cordon a settings file holds. */
final class Status {

    private Status() {
    }

    static String line(String agent, Scope scope, Path file, String event, Predicate<JsonNode> ours,
            Installation installation) {
        String head = agent + " " + scope.name().toLowerCase(Locale.ROOT) + " " + file + ": ";
        if (!Files.exists(file)) {
            return head + "not installed (no such file)";
        }
        ObjectNode root;
        try {
            root = JsonSettings.read(file);
        } catch (SettingsError e) {
            return head + "cannot tell: " + e.getMessage();
        }
        List<HookEntries.Found> found = HookEntries.find(root, event, ours);
        if (found.isEmpty()) {
            return head + "not installed";
        }
        StringBuilder line = new StringBuilder(head);
        for (HookEntries.Found f : found) {
            JsonNode hook = f.hook();
            String what = hook.has("url") ? "HTTP hook " + hook.get("url").asText() : hook.path("command").asText();
            line.append("installed: ").append(what).append(" (").append(event).append(", matcher `")
                    .append(f.matcher()).append("`)");
            if (hook.has("command") && !what.equals(installation.command(agent))) {
                line.append("; note: another cordon than this one (").append(installation.launcher()).append(")");
            }
        }
        if (found.size() > 1) {
            line.append("; note: installed ").append(found.size()).append(" times");
        }
        return line.toString();
    }
}
