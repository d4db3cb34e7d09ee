package dev.cordon.hook.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The hooks structure Claude Code, Codex and Gemini CLI share: {@code hooks.EVENT} is a list of
 * groups, each a {@code matcher} and its {@code hooks}. cordon adds a group of its own and knows
 * its hook again by the command (or URL) it wrote; everything else is left as it was.
 */
final class HookEntries {

    /**
     * One of cordon's hooks found in the settings.
     *
     * @param matcher the matcher of its group, or "" when the group has none
     * @param hook the hook object
     */
    record Found(String matcher, JsonNode hook) {
    }

    private HookEntries() {
    }

    /** A fresh hook object to fill in and hand to {@link #installIn}. */
    static ObjectNode newHook() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** The change that adds {@code hook} under {@code hooks.EVENT} of a JSON settings file. */
    static FileChange installIn(Path file, String event, String matcher, ObjectNode hook, Predicate<JsonNode> ours) {
        ObjectNode root = JsonSettings.read(file);
        String before = JsonSettings.render(root);
        boolean changed = install(root, event, matcher, hook, ours);
        return FileChange.json(file, Files.exists(file), before, root, changed);
    }

    /** The change that removes cordon's hooks from {@code hooks.EVENT} of a JSON settings file. */
    static FileChange uninstallFrom(Path file, String event, Predicate<JsonNode> ours) {
        ObjectNode root = JsonSettings.read(file);
        String before = JsonSettings.render(root);
        boolean changed = uninstall(root, event, ours);
        return FileChange.json(file, Files.exists(file), before, root, changed);
    }

    /** cordon's hooks under {@code hooks.EVENT}. */
    static List<Found> find(ObjectNode root, String event, Predicate<JsonNode> ours) {
        List<Found> found = new ArrayList<>();
        for (JsonNode group : groups(root, event)) {
            JsonNode hooks = group.get("hooks");
            if (hooks != null && hooks.isArray()) {
                for (JsonNode hook : hooks) {
                    if (ours.test(hook)) {
                        found.add(new Found(group.path("matcher").asText(""), hook));
                    }
                }
            }
        }
        return found;
    }

    /**
     * Makes cordon's hook the one given, in a group of its own with this matcher.
     *
     * @return whether anything changed
     */
    static boolean install(ObjectNode root, String event, String matcher, ObjectNode hook, Predicate<JsonNode> ours) {
        List<Found> found = find(root, event, ours);
        if (found.size() == 1 && found.get(0).matcher().equals(matcher) && found.get(0).hook().equals(hook)) {
            return false;
        }
        uninstall(root, event, ours);
        JsonNode hooks = root.get("hooks");
        if (hooks != null && !hooks.isObject()) {
            throw new SettingsError("`hooks` is not an object; cordon will not guess what it means");
        }
        ObjectNode events = hooks == null ? root.putObject("hooks") : (ObjectNode) hooks;
        JsonNode list = events.get(event);
        if (list != null && !list.isArray()) {
            throw new SettingsError("`hooks." + event + "` is not a list; cordon will not guess what it means");
        }
        ArrayNode groups = list == null ? events.putArray(event) : (ArrayNode) list;
        ObjectNode group = groups.addObject();
        group.put("matcher", matcher);
        group.putArray("hooks").add(hook);
        return true;
    }

    /**
     * Removes cordon's hooks, and the groups, lists and objects that held nothing else.
     *
     * @return whether anything changed
     */
    static boolean uninstall(ObjectNode root, String event, Predicate<JsonNode> ours) {
        boolean changed = false;
        JsonNode events = root.get("hooks");
        if (events == null || !events.isObject() || !(events.get(event) instanceof ArrayNode groups)) {
            return false;
        }
        for (Iterator<JsonNode> g = groups.elements(); g.hasNext();) {
            JsonNode group = g.next();
            if (!(group.get("hooks") instanceof ArrayNode hooks)) {
                continue;
            }
            int before = hooks.size();
            for (Iterator<JsonNode> h = hooks.elements(); h.hasNext();) {
                if (ours.test(h.next())) {
                    h.remove();
                }
            }
            if (hooks.size() < before) {
                changed = true;
                if (hooks.isEmpty()) {
                    g.remove();
                }
            }
        }
        if (changed && groups.isEmpty()) {
            ((ObjectNode) events).remove(event);
            if (events.isEmpty()) {
                root.remove("hooks");
            }
        }
        return changed;
    }

    private static List<JsonNode> groups(ObjectNode root, String event) {
        JsonNode list = root.path("hooks").path(event);
        List<JsonNode> groups = new ArrayList<>();
        if (list.isArray()) {
            list.forEach(groups::add);
        }
        return groups;
    }

    /**
     * Whether a hook runs {@code cordon hook AGENT}: a command whose program is named
     * {@code cordon}, followed by exactly {@code hook AGENT}.
     */
    static boolean runsCordon(JsonNode hook, String agent) {
        String command = hook.path("command").asText("").strip();
        String tail = " hook " + agent;
        if (!command.endsWith(tail)) {
            return false;
        }
        String program = command.substring(0, command.length() - tail.length()).strip();
        if (program.length() > 1 && program.startsWith("'") && program.endsWith("'")) {
            program = program.substring(1, program.length() - 1);
        }
        return program.equals("cordon") || program.endsWith("/cordon");
    }
}
