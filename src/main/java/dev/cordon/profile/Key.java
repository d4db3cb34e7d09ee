package dev.cordon.profile;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Every profile setting, by its YAML key path, with its value kind and how layers combine it. */
enum Key {
    MODE("mode", Kind.MODE, Merge.REPLACE),
    EXECUTOR("executor", Kind.EXECUTOR, Merge.REPLACE),
    FALLBACK("fallback", Kind.FALLBACK, Merge.REPLACE),
    ENFORCE("enforce", Kind.ENFORCE, Merge.REPLACE),
    READ_ONLY("read_only", Kind.BOOLEAN, Merge.REPLACE),
    APPROVAL_WRITES("approval.writes", Kind.BOOLEAN, Merge.REPLACE),
    APPROVAL_EXECUTE("approval.execute", Kind.BOOLEAN, Merge.REPLACE),
    ALLOWED_PATHS("allowed_paths", Kind.GLOBS, Merge.REPLACE),
    DENIED_PATHS("denied_paths", Kind.GLOBS, Merge.ADDITIVE),
    PATH_RULES("path_rules", Kind.PATH_RULES, Merge.RULES),
    COMMAND_RULES("command_rules", Kind.COMMAND_RULES, Merge.RULES),
    DENIED_COMMANDS("denied_commands", Kind.STRINGS, Merge.ADDITIVE),
    FILESYSTEM_READ("filesystem.read", Kind.ROOTS, Merge.REPLACE),
    FILESYSTEM_WRITE("filesystem.write", Kind.ROOTS, Merge.REPLACE),
    FILESYSTEM_DENY("filesystem.deny", Kind.GLOBS, Merge.ADDITIVE),
    NETWORK_ENABLED("network.enabled", Kind.BOOLEAN, Merge.REPLACE),
    NETWORK_ALLOW("network.allow", Kind.ENDPOINTS, Merge.REPLACE),
    NETWORK_DENY("network.deny", Kind.HOSTS, Merge.ADDITIVE),
    MAX_PROCESSES("resources.max_processes", Kind.COUNT, Merge.REPLACE),
    MEMORY_MB("resources.memory_mb", Kind.COUNT, Merge.REPLACE),
    CPU_SECONDS("resources.cpu_seconds", Kind.COUNT, Merge.REPLACE),
    CPU_PERCENT("resources.cpu_percent", Kind.PERCENT, Merge.REPLACE),
    FILE_SIZE_MB("resources.file_size_mb", Kind.COUNT, Merge.REPLACE),
    TMP_MB("resources.tmp_mb", Kind.COUNT, Merge.REPLACE),
    TIMEOUT_SECONDS("resources.timeout_seconds", Kind.COUNT, Merge.REPLACE),
    OUTPUT_KB("resources.output_kb", Kind.COUNT, Merge.REPLACE),
    ENVIRONMENT_PASS("environment.pass", Kind.ENV_NAMES, Merge.REPLACE),
    ENVIRONMENT_SET("environment.set", Kind.ENV_VALUES, Merge.MAP),
    ON_VIOLATION("on_violation", Kind.ON_VIOLATION, Merge.REPLACE),
    AUDIT_ENABLED("audit.enabled", Kind.BOOLEAN, Merge.REPLACE),
    AUDIT_FILE("audit.file", Kind.FILE, Merge.REPLACE),
    AUDIT_LOG_ALLOWED("audit.log_allowed", Kind.BOOLEAN, Merge.REPLACE),
    AUDIT_LOG_DENIED("audit.log_denied", Kind.BOOLEAN, Merge.REPLACE),
    ESCALATION("escalation", Kind.ESCALATION, Merge.REPLACE),
    HOOKS_ALLOW("hooks.allow", Kind.ALLOW_ANSWER, Merge.REPLACE),
    HOOKS_SANDBOX("hooks.sandbox", Kind.SANDBOX_ANSWER, Merge.REPLACE),
    HOOKS_OTHER_TOOLS("hooks.other_tools", Kind.TOOL_ANSWER, Merge.REPLACE);

    /** What a value is and how it is checked when read. */
    enum Kind {
        MODE,
        EXECUTOR,
        FALLBACK,
        ENFORCE,
        BOOLEAN,
        /** Globs over normalised paths; must be anchored. */
        GLOBS,
        /** Absolute paths without wildcards, for the OS layer. */
        ROOTS,
        PATH_RULES,
        COMMAND_RULES,
        STRINGS,
        /** {@code host:port} entries. */
        ENDPOINTS,
        /** {@code host} or {@code host:port} entries. */
        HOSTS,
        COUNT,
        /** A whole number from 0 to 100. */
        PERCENT,
        ENV_NAMES,
        ENV_VALUES,
        ON_VIOLATION,
        FILE,
        ESCALATION,
        ALLOW_ANSWER,
        SANDBOX_ANSWER,
        TOOL_ANSWER
    }

    /** How a higher layer's value combines with a lower one's. */
    enum Merge {
        /** The higher value wins. */
        REPLACE,
        /** Union: no layer can remove an entry. */
        ADDITIVE,
        /** The higher layer's rules first, then the lower ones' whose ids it did not reuse. */
        RULES,
        /** Map union, the higher layer's values win. */
        MAP
    }

    private final String path;
    private final Kind kind;
    private final Merge merge;

    Key(String path, Kind kind, Merge merge) {
        this.path = path;
        this.kind = kind;
        this.merge = merge;
    }

    /** The YAML key path, e.g. {@code network.enabled}. */
    String path() {
        return path;
    }

    Kind kind() {
        return kind;
    }

    Merge merge() {
        return merge;
    }

    /** The section ({@code network}) or null for a top-level key. */
    String section() {
        int dot = path.indexOf('.');
        return dot < 0 ? null : path.substring(0, dot);
    }

    /** The last part of the path ({@code enabled}). */
    String leaf() {
        return path.substring(path.indexOf('.') + 1);
    }

    static Key byPath(String path) {
        for (Key key : values()) {
            if (key.path.equals(path)) {
                return key;
            }
        }
        return null;
    }

    /** Top-level names in document order: plain keys and section names. */
    static List<String> topLevelNames() {
        Set<String> names = new LinkedHashSet<>();
        for (Key key : values()) {
            names.add(key.section() == null ? key.path : key.section());
        }
        return new ArrayList<>(names);
    }

    static boolean isSection(String name) {
        for (Key key : values()) {
            if (name.equals(key.section())) {
                return true;
            }
        }
        return false;
    }

    static List<String> leavesOf(String section) {
        List<String> out = new ArrayList<>();
        for (Key key : values()) {
            if (section.equals(key.section())) {
                out.add(key.leaf());
            }
        }
        return out;
    }
}
