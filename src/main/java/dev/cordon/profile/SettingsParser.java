package dev.cordon.profile;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.path.Expansion;
import dev.cordon.path.Glob;
import dev.cordon.path.InvalidGlobException;
import dev.cordon.path.PathNormalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads the profile settings of one file (everything but the file kind's own keys such as
 * {@code extends} or {@code profile}) into {@link Settings}: checks every value, expands
 * variables and normalises paths.
 */
final class SettingsParser {

    private static final Pattern EXECUTOR_ID = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ENV_PATTERN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\*?");

    private final SourceFile file;
    private final Expansion expansion;
    private final Nodes nodes;
    private final RuleParser rules;

    SettingsParser(SourceFile file, Expansion expansion, Nodes nodes) {
        this.file = file;
        this.expansion = expansion;
        this.nodes = nodes;
        this.rules = new RuleParser(nodes, this);
    }

    /** Reads one top-level field; false when it is not a profile setting at all. */
    boolean read(Nodes.Field field, Settings into) {
        if (Key.isSection(field.name())) {
            readSection(field, into);
            return true;
        }
        Key key = Key.byPath(field.name());
        if (key == null || key.section() != null) {
            return false;
        }
        readValue(key, field, into);
        return true;
    }

    private void readSection(Nodes.Field section, Settings into) {
        String name = section.name();
        for (Nodes.Field field : nodes.fields(section.value(), "`" + name + "`").values()) {
            Key key = Key.byPath(name + "." + field.name());
            if (key == null) {
                nodes.problems().add(field.key(), "unknown key `" + field.name() + "` in `" + name
                        + "`, expected one of " + String.join(", ", Key.leavesOf(name)));
                continue;
            }
            readValue(key, field, into);
        }
    }

    private void readValue(Key key, Nodes.Field field, Settings into) {
        Node node = field.value();
        String what = "`" + key.path() + "`";
        Profile.Origin origin = file.origin(Nodes.line(field.key()));
        if (key.kind() == Key.Kind.ENDPOINTS || key.kind() == Key.Kind.HOSTS) {
            // Decisions name the network entry that decided, so each keeps its own line.
            Map<String, Profile.Origin> items = new LinkedHashMap<>();
            List<String> entries = endpoints(node, what,
                    key.kind() == Key.Kind.ENDPOINTS ? Endpoints.Port.REQUIRED : Endpoints.Port.OPTIONAL, items);
            if (entries != null) {
                into.put(key, entries, origin, items);
            }
            return;
        }
        Object value = switch (key.kind()) {
            case MODE -> nodes.word(node, what, Profile.Mode.class);
            case ON_VIOLATION -> nodes.word(node, what, Profile.OnViolation.class);
            case ESCALATION -> nodes.word(node, what, Profile.Escalation.class);
            case ALLOW_ANSWER -> nodes.word(node, what, Profile.AllowAnswer.class);
            case SANDBOX_ANSWER -> nodes.word(node, what, Profile.SandboxAnswer.class);
            case TOOL_ANSWER -> nodes.word(node, what, Profile.ToolAnswer.class);
            case EXECUTOR -> executor(node, what, "auto");
            case FALLBACK -> executor(node, what, "none");
            case BOOLEAN -> nodes.bool(node, what);
            case COUNT -> nodes.count(node, what);
            case GLOBS -> globs(node, what);
            case ROOTS -> roots(node, what);
            case FILE -> path(node, what);
            case STRINGS -> nodes.strings(node, what);
            case ENDPOINTS, HOSTS -> throw new IllegalStateException("read above");
            case ENV_NAMES -> envNames(node, what);
            case ENV_VALUES -> envValues(node, what);
            case PATH_RULES -> rules.pathRules(node);
            case COMMAND_RULES -> rules.commandRules(node);
        };
        if (value != null) {
            into.put(key, value, origin);
        }
    }

    private String executor(Node node, String what, String special) {
        String value = nodes.string(node, what);
        if (value != null && !value.equals(special) && (value.equals("auto") || !EXECUTOR_ID.matcher(value).matches())) {
            nodes.problems().add(node, "expected `" + special + "` or an executor id such as `landlock` for " + what
                    + ", got `" + value + "`");
            return null;
        }
        return value;
    }

    /** A glob list: expanded, normalised, compiled and anchored. */
    List<String> globs(Node node, String what) {
        List<Node> items = nodes.list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : items) {
            String glob = glob(item, what);
            if (glob != null) {
                out.add(glob);
            }
        }
        return out;
    }

    /** One glob, or null after reporting. */
    String glob(Node item, String what) {
        String raw = nodes.string(item, what);
        String expanded = raw == null ? null : expand(item, raw);
        if (expanded == null) {
            return null;
        }
        String pattern = PatternPaths.normalize(expanded, expansion.value(Expansion.HOME));
        try {
            if (!Glob.compile(pattern).anchored()) {
                nodes.problems().add(item, "pattern `" + raw + "` in " + what
                        + " never matches an absolute path; start it with `/`, `~/`, `${WORKSPACE}/` or `**/`");
                return null;
            }
        } catch (InvalidGlobException e) {
            int offset = pattern.equals(raw) ? e.offset() + quoteWidth(item) : 0;
            nodes.problems().add(Nodes.line(item), Nodes.column(item) + offset, e.getMessage() + " in " + what);
            return null;
        }
        return pattern;
    }

    private List<String> roots(Node node, String what) {
        List<Node> items = nodes.list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : items) {
            String root = path(item, what);
            if (root != null) {
                out.add(root);
            }
        }
        return out;
    }

    /** An absolute path without wildcards: the OS layer takes roots, not patterns. */
    private String path(Node item, String what) {
        String raw = nodes.string(item, what);
        String expanded = raw == null ? null : expand(item, raw);
        if (expanded == null) {
            return null;
        }
        if (PatternPaths.hasWildcard(expanded)) {
            nodes.problems().add(item, "expected a path without wildcards for " + what + ", got `" + raw + "`");
            return null;
        }
        if (!PatternPaths.isAbsolute(expanded)) {
            nodes.problems().add(item, "expected an absolute path for " + what + " (`/`, `~/` or `${WORKSPACE}`), got `"
                    + raw + "`");
            return null;
        }
        return new PathNormalizer(expansion.value(Expansion.HOME), null).normalize(expanded);
    }

    /** Network entries, each checked; {@code lines} gets where each was written. */
    private List<String> endpoints(Node node, String what, Endpoints.Port port, Map<String, Profile.Origin> lines) {
        List<Node> items = nodes.list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : items) {
            String entry = nodes.string(item, what);
            if (entry == null) {
                continue;
            }
            String problem = Endpoints.problem(entry, port);
            if (problem != null) {
                nodes.problems().add(item, problem + " in " + what + ", got `" + entry + "`");
            } else {
                out.add(entry);
                lines.putIfAbsent(entry, file.origin(Nodes.line(item)));
            }
        }
        return out;
    }

    private List<String> envNames(Node node, String what) {
        List<Node> items = nodes.list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : items) {
            String name = nodes.string(item, what);
            if (name != null && !ENV_PATTERN.matcher(name).matches()) {
                nodes.problems().add(item, "expected a variable name (a trailing `*` matches a prefix) in " + what
                        + ", got `" + name + "`");
            } else if (name != null) {
                out.add(name);
            }
        }
        return out;
    }

    private Map<String, String> envValues(Node node, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Nodes.Field field : nodes.fields(node, what).values()) {
            if (!ENV_NAME.matcher(field.name()).matches()) {
                nodes.problems().add(field.key(), "expected a variable name in " + what + ", got `" + field.name() + "`");
                continue;
            }
            if (!(field.value() instanceof ScalarNode scalar) || Nodes.isNull(scalar)) {
                nodes.problems().add(field.value(), "expected a string for `" + field.name() + "` in " + what
                        + ", got " + Nodes.describe(field.value()));
                continue;
            }
            String value = expand(field.value(), scalar.getValue());
            if (value != null) {
                out.put(field.name(), value);
            }
        }
        return out;
    }

    private String expand(Node node, String raw) {
        try {
            return expansion.expand(raw, file.display(), Nodes.line(node), Nodes.column(node));
        } catch (PolicyException e) {
            nodes.problems().addAll(e);
            return null;
        }
    }

    private static int quoteWidth(Node item) {
        return item instanceof ScalarNode scalar && !scalar.isPlain() ? 1 : 0;
    }
}
