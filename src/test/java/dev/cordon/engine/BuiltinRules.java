package dev.cordon.engine;

import dev.cordon.rules.RuleDir;
import java.nio.file.Path;
import java.util.List;

/** The checkout's built-in rules, compiled once for the whole test run (compiling takes a second). */
public final class BuiltinRules {

    private static PolicyEngine engine;

    private BuiltinRules() {
    }

    /** The checkout's {@code rules/} folder. */
    public static Path dir() {
        return Path.of(System.getProperty("cordon.root", ".")).resolve("rules");
    }

    public static synchronized PolicyEngine engine() {
        if (engine == null) {
            engine = PolicyEngine.compile(List.of(RuleDir.trusted(dir())));
        }
        return engine;
    }
}
