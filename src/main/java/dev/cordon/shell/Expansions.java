package dev.cordon.shell;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The few variables cordon expands itself ({@code HOME}, {@code PWD}, {@code TMPDIR},
 * {@code USER}), taken from the caller's environment. Once the line assigns one of them, its value
 * is no longer known, so later uses are left as written.
 */
final class Expansions {

    private static final Set<String> KNOWN = Set.of("HOME", "PWD", "TMPDIR", "USER");

    private final Map<String, String> env;
    private final Set<String> reassigned = new HashSet<>(4);

    Expansions(Map<String, String> env) {
        this.env = env == null ? Map.of() : env;
    }

    /** The value of a known variable, or null when cordon cannot know it. */
    String value(String name) {
        if (!KNOWN.contains(name) || reassigned.contains(name)) {
            return null;
        }
        return env.get(name);
    }

    boolean isReassigned(String name) {
        return reassigned.contains(name);
    }

    void reassign(String name) {
        if (KNOWN.contains(name)) {
            reassigned.add(name);
        }
    }
}
