package dev.cordon.hook.settings;

import java.util.List;

/** The agents whose settings {@code cordon hook install} edits. */
public final class Agents {

    private static final List<AgentSettings> ALL =
            List.of(new ClaudeCodeSettings(), new CodexSettings(), new GeminiCliSettings());

    private Agents() {
    }

    /** The settings of an agent, or null. */
    public static AgentSettings of(String agent) {
        return ALL.stream().filter(a -> a.agent().equals(agent)).findFirst().orElse(null);
    }

    public static List<AgentSettings> all() {
        return ALL;
    }

    public static List<String> names() {
        return ALL.stream().map(AgentSettings::agent).toList();
    }
}
