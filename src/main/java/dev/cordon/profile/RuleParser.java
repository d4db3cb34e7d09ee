package dev.cordon.profile;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.yaml.Checks;
import dev.cordon.yaml.Yaml;
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

/**
 * Reads {@code path_rules} and {@code command_rules}, each rule with where it is written; a regex
 * is compiled here, at load.
 */
final class RuleParser {

    private static final Pattern RULE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final List<String> PATH_KEYS = List.of("id", "pattern", "action", "tools", "reason");
    private static final List<String> COMMAND_KEYS =
            List.of("id", "program", "args", "prefix", "substring", "glob", "regex", "action", "reason");
    private static final List<String> MATCHERS = List.of("program", "prefix", "substring", "glob", "regex");

    private final Checks nodes;
    private final SettingsParser settings;

    RuleParser(Checks nodes, SettingsParser settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    List<Profile.PathRule> pathRules(Yaml.Node node) {
        List<Yaml.Node> items = nodes.list(node, "`path_rules`");
        if (items == null) {
            return null;
        }
        List<Profile.PathRule> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Yaml.Node item : items) {
            Map<String, Yaml.Field> fields = nodes.fields(item, "a path rule");
            if (!nodes.known(fields, PATH_KEYS, "a path rule") | !present(item, fields, List.of("id", "pattern", "action", "reason"), "a path rule")) {
                continue;
            }
            String id = id(fields.get("id"), ids);
            String pattern = settings.glob(fields.get("pattern").value(), "path rule `pattern`");
            Decision action = action(fields.get("action"), EnumSet.of(Decision.ALLOW, Decision.DENY, Decision.ASK));
            List<String> tools = fields.containsKey("tools") ? nodes.strings(fields.get("tools").value(), "`tools`") : List.of();
            String reason = nodes.string(fields.get("reason").value(), "`reason`");
            if (id != null && pattern != null && action != null && tools != null && reason != null) {
                out.add(new Profile.PathRule(id, pattern, action, tools, reason, settings.at(item)));
            }
        }
        return out;
    }

    List<Profile.CommandRule> commandRules(Yaml.Node node) {
        List<Yaml.Node> items = nodes.list(node, "`command_rules`");
        if (items == null) {
            return null;
        }
        List<Profile.CommandRule> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Yaml.Node item : items) {
            Map<String, Yaml.Field> fields = nodes.fields(item, "a command rule");
            if (!nodes.known(fields, COMMAND_KEYS, "a command rule") | !present(item, fields, List.of("id", "action", "reason"), "a command rule")) {
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
            rule.source = settings.at(item);
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

    private boolean matcher(String kind, Yaml.Field field, Map<String, Yaml.Field> fields, CommandRuleBuilder rule) {
        Yaml.Node value = field.value();
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

    private boolean commandGlob(Yaml.Node at, String glob) {
        try {
            FileSystems.getDefault().getPathMatcher("glob:" + glob);
            return true;
        } catch (PatternSyntaxException e) {
            nodes.problems().add(at, "invalid glob `" + glob + "`: " + e.getDescription().toLowerCase(Locale.ROOT)
                    + " at offset " + e.getIndex());
            return false;
        }
    }

    private boolean regex(Yaml.Node at, String regex) {
        try {
            Pattern.compile(regex);
            return true;
        } catch (PatternSyntaxException e) {
            nodes.problems().add(at, "invalid regex `" + regex + "`: " + e.getDescription().toLowerCase(Locale.ROOT)
                    + " at offset " + e.getIndex());
            return false;
        }
    }

    private boolean present(Yaml.Node item, Map<String, Yaml.Field> fields, List<String> required, String what) {
        if (!(item instanceof Yaml.Mapping)) {
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

    private String id(Yaml.Field field, Set<String> seen) {
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

    private Decision action(Yaml.Field field, Set<Decision> allowed) {
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
        Provenance source;

        Profile.CommandRule build() {
            return new Profile.CommandRule(id, program, args, prefix, substring, glob, regex, action, reason, source);
        }
    }
}
