package dev.cordon.profile;

import dev.cordon.decision.Decision;
import java.nio.file.FileSystems;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.snakeyaml.engine.v2.nodes.Node;

/** Reads {@code path_rules} and {@code command_rules}; a regex is compiled here, at load. */
final class RuleParser {

    private static final Pattern RULE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final List<String> PATH_KEYS = List.of("id", "pattern", "action", "tools", "reason");
    private static final List<String> COMMAND_KEYS =
            List.of("id", "program", "args", "prefix", "substring", "glob", "regex", "action", "reason");
    private static final List<String> MATCHERS = List.of("program", "prefix", "substring", "glob", "regex");

    private final Nodes nodes;
    private final SettingsParser settings;

    RuleParser(Nodes nodes, SettingsParser settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    List<Profile.PathRule> pathRules(Node node) {
        List<Node> items = nodes.list(node, "`path_rules`");
        if (items == null) {
            return null;
        }
        List<Profile.PathRule> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Node item : items) {
            Map<String, Nodes.Field> fields = nodes.fields(item, "a path rule");
            if (!known(fields, PATH_KEYS, "a path rule") | !present(item, fields, List.of("id", "pattern", "action", "reason"), "a path rule")) {
                continue;
            }
            String id = id(fields.get("id"), ids);
            String pattern = settings.glob(fields.get("pattern").value(), "path rule `pattern`");
            Decision action = action(fields.get("action"), EnumSet.of(Decision.ALLOW, Decision.DENY, Decision.ASK));
            List<String> tools = fields.containsKey("tools") ? nodes.strings(fields.get("tools").value(), "`tools`") : List.of();
            String reason = nodes.string(fields.get("reason").value(), "`reason`");
            if (id != null && pattern != null && action != null && tools != null && reason != null) {
                out.add(new Profile.PathRule(id, pattern, action, tools, reason));
            }
        }
        return out;
    }

    List<Profile.CommandRule> commandRules(Node node) {
        List<Node> items = nodes.list(node, "`command_rules`");
        if (items == null) {
            return null;
        }
        List<Profile.CommandRule> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Node item : items) {
            Map<String, Nodes.Field> fields = nodes.fields(item, "a command rule");
            if (!known(fields, COMMAND_KEYS, "a command rule") | !present(item, fields, List.of("id", "action", "reason"), "a command rule")) {
                continue;
            }
            List<String> matchers = MATCHERS.stream().filter(fields::containsKey).collect(Collectors.toList());
            if (matchers.size() != 1) {
                nodes.problems().add(item, "expected exactly one of " + String.join(", ", MATCHERS)
                        + " in a command rule, got " + (matchers.isEmpty() ? "none" : String.join(", ", matchers)));
                continue;
            }
            if (fields.containsKey("args") && !fields.containsKey("program")) {
                nodes.problems().add(fields.get("args").key(), "`args` needs `program` in a command rule");
                continue;
            }
            CommandRuleBuilder rule = new CommandRuleBuilder();
            rule.id = id(fields.get("id"), ids);
            rule.action = action(fields.get("action"), EnumSet.allOf(Decision.class));
            rule.reason = nodes.string(fields.get("reason").value(), "`reason`");
            boolean matcherOk = matcher(matchers.get(0), fields.get(matchers.get(0)), fields, rule);
            if (matcherOk && rule.id != null && rule.action != null && rule.reason != null) {
                out.add(rule.build());
            }
        }
        return out;
    }

    private boolean matcher(String kind, Nodes.Field field, Map<String, Nodes.Field> fields, CommandRuleBuilder rule) {
        Node value = field.value();
        switch (kind) {
            case "program" -> {
                rule.program = nodes.string(value, "`program`");
                rule.args = fields.containsKey("args") ? nodes.strings(fields.get("args").value(), "`args`") : List.of();
                return rule.program != null && rule.args != null;
            }
            case "prefix" -> {
                rule.prefix = nodes.strings(value, "`prefix`");
                if (rule.prefix != null && rule.prefix.isEmpty()) {
                    nodes.problems().add(value, "expected at least one word in `prefix`");
                    return false;
                }
                return rule.prefix != null;
            }
            case "substring" -> {
                rule.substring = nodes.string(value, "`substring`");
                return rule.substring != null;
            }
            case "glob" -> {
                rule.glob = nodes.string(value, "`glob`");
                return rule.glob != null && commandGlob(value, rule.glob);
            }
            default -> {
                rule.regex = nodes.string(value, "`regex`");
                return rule.regex != null && regex(value, rule.regex);
            }
        }
    }

    private boolean commandGlob(Node at, String glob) {
        try {
            FileSystems.getDefault().getPathMatcher("glob:" + glob);
            return true;
        } catch (PatternSyntaxException e) {
            nodes.problems().add(at, "invalid glob `" + glob + "`: " + e.getDescription().toLowerCase(Locale.ROOT)
                    + " at offset " + e.getIndex());
            return false;
        }
    }

    private boolean regex(Node at, String regex) {
        try {
            Pattern.compile(regex);
            return true;
        } catch (PatternSyntaxException e) {
            nodes.problems().add(at, "invalid regex `" + regex + "`: " + e.getDescription().toLowerCase(Locale.ROOT)
                    + " at offset " + e.getIndex());
            return false;
        }
    }

    private boolean known(Map<String, Nodes.Field> fields, List<String> keys, String what) {
        boolean ok = true;
        for (Nodes.Field field : fields.values()) {
            if (!keys.contains(field.name())) {
                nodes.problems().add(field.key(), "unknown key `" + field.name() + "` in " + what + ", expected one of "
                        + String.join(", ", keys));
                ok = false;
            }
        }
        return ok;
    }

    private boolean present(Node item, Map<String, Nodes.Field> fields, List<String> required, String what) {
        if (!(item instanceof org.snakeyaml.engine.v2.nodes.MappingNode)) {
            return false;
        }
        List<String> missing = required.stream().filter(k -> !fields.containsKey(k)).collect(Collectors.toList());
        if (!missing.isEmpty()) {
            nodes.problems().add(item, "missing " + missing.stream().map(k -> "`" + k + "`").collect(Collectors.joining(", "))
                    + " in " + what);
            return false;
        }
        return true;
    }

    private String id(Nodes.Field field, Set<String> seen) {
        String id = nodes.string(field.value(), "`id`");
        if (id == null) {
            return null;
        }
        if (!RULE_ID.matcher(id).matches()) {
            nodes.problems().add(field.value(), "expected letters, digits, `.`, `_` or `-` in rule id, got `" + id + "`");
            return null;
        }
        if (!seen.add(id)) {
            nodes.problems().add(field.value(), "duplicate rule id `" + id + "`");
            return null;
        }
        return id;
    }

    private Decision action(Nodes.Field field, Set<Decision> allowed) {
        String word = nodes.string(field.value(), "`action`");
        if (word == null) {
            return null;
        }
        for (Decision decision : allowed) {
            if (decision.name().toLowerCase(Locale.ROOT).equals(word)) {
                return decision;
            }
        }
        nodes.problems().add(field.value(), "expected one of "
                + allowed.stream().map(d -> d.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "))
                + " for `action`, got `" + word + "`");
        return null;
    }

    /** Collects a command rule's parts while they are checked one by one. */
    private static final class CommandRuleBuilder {
        String id;
        String program;
        List<String> args = List.of();
        List<String> prefix = List.of();
        String substring;
        String glob;
        String regex;
        Decision action;
        String reason;

        Profile.CommandRule build() {
            return new Profile.CommandRule(id, program, args, prefix, substring, glob, regex, action, reason);
        }
    }
}
