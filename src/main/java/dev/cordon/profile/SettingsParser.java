package dev.cordon.profile;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.path.Expansion;
import dev.cordon.path.Glob;
import dev.cordon.path.InvalidGlobException;
import dev.cordon.path.PathNormalizer;
import dev.cordon.yaml.Checks;
import dev.cordon.yaml.Yaml;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the profile settings of one file (everything but the file kind's own keys such as
 * {@code extends} or {@code profile}) into {@link Settings}: checks every value, expands
 * variables and normalises paths. Each setting, each entry of a list and each rule keeps where
 * it is written.
 */
final class SettingsParser {

    private static final Pattern EXECUTOR_ID = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ENV_PATTERN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\*?");

    private final SourceFile file;
    private final Expansion expansion;
    private final Checks nodes;
    private final RuleParser rules;
    /** Where each entry of the list being read is written, by the entry as it is kept. */
    private Map<String, Provenance> items;

    SettingsParser(SourceFile file, Expansion expansion, Checks nodes) {
        this.file = file;
        this.expansion = expansion;
        this.nodes = nodes;
        this.rules = new RuleParser(nodes, this);
    }

    /** Reads one top-level field; false when it is not a profile setting at all. */
    boolean read(Yaml.Field field, Settings into) {
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

    private void readSection(Yaml.Field section, Settings into) {
        String name = section.name();
        for (Yaml.Field field : nodes.fields(section.value(), "`" + name + "`").values()) {
            Key key = Key.byPath(name + "." + field.name());
            if (key == null) {
                nodes.problems().add(field.key(), "unknown key `" + field.name() + "` in `" + name
                        + "`, expected one of " + String.join(", ", Key.leavesOf(name)));
                continue;
            }
            readValue(key, field, into);
        }
    }

    private void readValue(Key key, Yaml.Field field, Settings into) {
        Yaml.Node node = field.value();
        items = new LinkedHashMap<>();
        String what = "`" + key.path() + "`";
        Object value = switch (key.kind()) {
            case MODE -> nodes.word(node, what, Profile.Mode.class);
            case ON_VIOLATION -> nodes.word(node, what, Profile.OnViolation.class);
            case ESCALATION -> nodes.word(node, what, Profile.Escalation.class);
            case ENFORCE -> nodes.word(node, what, Profile.Enforce.class);
            case ALLOW_ANSWER -> nodes.word(node, what, Profile.AllowAnswer.class);
            case SANDBOX_ANSWER -> nodes.word(node, what, Profile.SandboxAnswer.class);
            case TOOL_ANSWER -> nodes.word(node, what, Profile.ToolAnswer.class);
            case EXECUTOR -> executor(node, what, "auto");
            case FALLBACK -> executor(node, what, "none");
            case BOOLEAN -> nodes.bool(node, what);
            case COUNT -> nodes.count(node, what);
            case PERCENT -> nodes.percent(node, what);
            case GLOBS -> globs(node, what);
            case ROOTS -> roots(node, what);
            case FILE -> path(node, what);
            case STRINGS -> strings(node, what);
            case ENDPOINTS -> endpoints(node, what, Endpoints.Port.REQUIRED);
            case HOSTS -> endpoints(node, what, Endpoints.Port.OPTIONAL);
            case ENV_NAMES -> envNames(node, what);
            case ENV_VALUES -> envValues(node, what);
            case PATH_RULES -> rules.pathRules(node);
            case COMMAND_RULES -> rules.commandRules(node);
        };
        if (value != null) {
            into.put(key, value, file.at(field.key()), items);
        }
    }

    /** Notes where a list entry is written and returns it. */
    private String item(Yaml.Node at, String value) {
        items.putIfAbsent(value, file.at(at));
        return value;
    }

    /** Where a value of this file is. */
    Provenance at(Yaml.Node node) {
        return file.at(node);
    }

    private String executor(Yaml.Node node, String what, String special) {
        String value = nodes.string(node, what);
        if (value != null && !value.equals(special) && (value.equals("auto") || !EXECUTOR_ID.matcher(value).matches())) {
            nodes.problems().add(node, "expected `" + special + "` or an executor id such as `landlock` for " + what
                    + ", got `" + value + "`");
            return null;
        }
        return value;
    }

    /** A glob list: expanded, normalised, compiled and anchored. */
    List<String> globs(Yaml.Node node, String what) {
        List<Yaml.Node> list = nodes.list(node, what);
        if (list == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : list) {
            String glob = glob(item, what);
            if (glob != null) {
                out.add(item(item, glob));
            }
        }
        return out;
    }

    /** One glob, or null after reporting. */
    String glob(Yaml.Node item, String what) {
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
            nodes.problems().add(item.line(), item.column() + offset, e.getMessage() + " in " + what);
            return null;
        }
        return pattern;
    }

    private List<String> roots(Yaml.Node node, String what) {
        List<Yaml.Node> list = nodes.list(node, what);
        if (list == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : list) {
            String root = path(item, what);
            if (root != null) {
                out.add(item(item, root));
            }
        }
        return out;
    }

    /** An absolute path without wildcards: the OS layer takes roots, not patterns. */
    private String path(Yaml.Node item, String what) {
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

    private List<String> endpoints(Yaml.Node node, String what, Endpoints.Port port) {
        List<Yaml.Node> list = nodes.list(node, what);
        if (list == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : list) {
            String entry = nodes.string(item, what);
            if (entry == null) {
                continue;
            }
            String problem = Endpoints.problem(entry, port);
            if (problem != null) {
                nodes.problems().add(item, problem + " in " + what + ", got `" + entry + "`");
            } else {
                out.add(item(item, entry));
            }
        }
        return out;
    }

    private List<String> strings(Yaml.Node node, String what) {
        List<Yaml.Node> list = nodes.list(node, what);
        if (list == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : list) {
            String value = nodes.string(item, what);
            if (value != null) {
                out.add(item(item, value));
            }
        }
        return out;
    }

    private List<String> envNames(Yaml.Node node, String what) {
        List<Yaml.Node> list = nodes.list(node, what);
        if (list == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : list) {
            String name = nodes.string(item, what);
            if (name != null && !ENV_PATTERN.matcher(name).matches()) {
                nodes.problems().add(item, "expected a variable name (a trailing `*` matches a prefix) in " + what
                        + ", got `" + name + "`");
            } else if (name != null) {
                out.add(item(item, name));
            }
        }
        return out;
    }

    private Map<String, String> envValues(Yaml.Node node, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Yaml.Field field : nodes.fields(node, what).values()) {
            if (!ENV_NAME.matcher(field.name()).matches()) {
                nodes.problems().add(field.key(), "expected a variable name in " + what + ", got `" + field.name() + "`");
                continue;
            }
            if (!(field.value() instanceof Yaml.Scalar scalar) || scalar.isNull()) {
                nodes.problems().add(field.value(), "expected a string for `" + field.name() + "` in " + what
                        + ", got " + field.value().describe());
                continue;
            }
            String value = expand(field.value(), scalar.text());
            if (value != null) {
                out.put(item(field.key(), field.name()), value);
            }
        }
        return out;
    }

    private String expand(Yaml.Node node, String raw) {
        try {
            return expansion.expand(raw, file.display(), node.line(), node.column());
        } catch (PolicyException e) {
            nodes.problems().addAll(e);
            return null;
        }
    }

    private static int quoteWidth(Yaml.Node item) {
        return item instanceof Yaml.Scalar scalar && !scalar.plain() ? 1 : 0;
    }
}
