package dev.cordon.hook;

import java.util.List;

/** The agents {@code cordon hook} answers. */
public final class Adapters {

    private static final List<HookAdapter> ALL = List.of(new ClaudeCodeAdapter(), new CodexAdapter(),
            new GeminiCliAdapter(), new JsonAdapter());

    private Adapters() {
    }

    /** The adapter for an agent's name, or null. */
    public static HookAdapter of(String agent) {
        for (HookAdapter adapter : ALL) {
            if (adapter.agent().equals(agent)) {
                return adapter;
            }
        }
        return null;
    }

    /** Every agent's name, for usage messages. */
    public static List<String> agents() {
        return ALL.stream().map(HookAdapter::agent).toList();
    }
}
