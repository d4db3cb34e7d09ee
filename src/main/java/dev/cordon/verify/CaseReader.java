package dev.cordon.verify;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileRules;
import dev.cordon.request.Connection;
import dev.cordon.request.Tool;
import dev.cordon.verify.PolicyCase.ExampleSettings;
import dev.cordon.yaml.Checks;
import dev.cordon.yaml.Problems;
import dev.cordon.yaml.Yaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the cases of one case file, naming the line and column of every mistake. A case file is
 * either a list of cases (a policy test suite) or a mapping of {@code match}, {@code not_match}
 * and {@code cases} lists (a rule pack's cases); one case has the same keys in both.
 */
final class CaseReader {

    private static final List<String> SECTIONS = List.of("match", "not_match", "cases");
    private static final Set<String> CASE_KEYS = Set.of("name", "tool", "command", "path", "host", "port", "cwd",
            "profile", "with", "expect", "rule");
    private static final Set<String> SETTING_KEYS = Set.of("mode", "read_only", "ask_writes", "ask_execute",
            "allowed_paths", "denied_paths", "denied_commands", "network_deny", "network_enabled", "network_allow",
            "executor", "path_rules", "command_rules", "approvals", "policy_files");
    private static final List<String> APPROVAL_KEYS = List.of("id", "tool", "prefix");

    private final String file;
    private final Provenance.Layer layer;
    private final Problems problems;

    /**
     * @param file the case file as messages name it
     * @param layer the layer it belongs to, for the rules and approvals it writes in {@code with}
     */
    CaseReader(String file, Provenance.Layer layer, Problems problems) {
        this.file = file;
        this.layer = layer;
        this.problems = problems;
    }

    /** Every case of the document; malformed ones are reported and left out. */
    List<PolicyCase> read(Optional<Yaml.Node> document) {
        List<PolicyCase> cases = new ArrayList<>();
        if (document.isEmpty()) {
            return cases;
        }
        Yaml.Node root = document.get();
        if (root instanceof Yaml.Sequence) {
            cases(root, PolicyCase.Kind.DECISION, false, "a suite", cases);
        } else if (root instanceof Yaml.Mapping mapping) {
            for (Yaml.Field section : mapping.fields().values()) {
                switch (section.name()) {
                    case "match" -> cases(section.value(), PolicyCase.Kind.MATCH, true, "`match`", cases);
                    case "not_match" -> cases(section.value(), PolicyCase.Kind.NOT_MATCH, true, "`not_match`", cases);
                    case "cases" -> cases(section.value(), PolicyCase.Kind.DECISION, true, "`cases`", cases);
                    default -> problems.add(section.key(), "unknown key `" + section.name() + "`, expected one of "
                            + String.join(", ", SECTIONS));
                }
            }
        } else {
            problems.add(root, "a case file must be a list of cases or a mapping of `match`, `not_match` and `cases`,"
                    + " not " + root.describe());
        }
        return cases;
    }

    /**
     * @param neutral whether its cases run under the neutral profile unless they name a profile
     */
    private void cases(Yaml.Node value, PolicyCase.Kind kind, boolean neutral, String what, List<PolicyCase> into) {
        if (!(value instanceof Yaml.Sequence list)) {
            problems.add(value, what + " must be a list of cases, not " + value.describe());
            return;
        }
        for (Yaml.Node item : list.items()) {
            PolicyCase c = one(item, kind, neutral);
            if (c != null) {
                into.add(c);
            }
        }
    }

    private PolicyCase one(Yaml.Node item, PolicyCase.Kind kind, boolean neutral) {
        if (!(item instanceof Yaml.Mapping map)) {
            problems.add(item, "a case must be a mapping, not " + item.describe());
            return null;
        }
        int before = problems.size();
        for (Yaml.Field field : map.fields().values()) {
            if (!CASE_KEYS.contains(field.name())) {
                problems.add(field.key(), "unknown key `" + field.name() + "`, expected one of "
                        + String.join(", ", CASE_KEYS.stream().sorted().toList()));
            }
        }
        String command = text(map, "command");
        String path = text(map, "path");
        String host = text(map, "host");
        if ((command != null ? 1 : 0) + (path != null ? 1 : 0) + (host != null ? 1 : 0) != 1) {
            problems.add(map, "a case needs exactly one of `command`, `path` and `host`");
        }
        Connection connection = host == null ? null : connection(map, host);
        String tool = text(map, "tool");
        if (tool == null) {
            tool = (command != null ? Tool.BASH : host != null ? Tool.NETWORK : Tool.READ_FILE).name();
        }
        String expected = text(map, "expect");
        Decision expect = expected == null ? null : decision(map.get("expect"), expected);
        String rule = text(map, "rule");
        if (kind == PolicyCase.Kind.DECISION && expected == null) {
            problems.add(map, "a case needs `expect: ALLOW|DENY|ASK|SANDBOX`");
        }
        if (kind != PolicyCase.Kind.DECISION && rule == null) {
            problems.add(map, "a case under `match` or `not_match` needs the `rule` it is about");
        }
        String profile = text(map, "profile");
        Yaml.Node with = map.get("with");
        if (profile != null && with != null) {
            problems.add(with, "a case takes `profile` (the policy in force) or `with` (the neutral profile), not both");
        }
        ExampleSettings settings = with != null ? settings(with)
                : neutral && profile == null ? ExampleSettings.NONE : null;
        if (problems.size() > before) {
            return null;
        }
        return new PolicyCase(file, map.line(), map.column(), kind, tool, command, path, connection, text(map, "cwd"),
                profile, settings, expect, rule);
    }

    private Decision decision(Yaml.Node at, String text) {
        try {
            return Decision.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problems.add(at, "unknown decision `" + text + "`, expected one of ALLOW, DENY, ASK, SANDBOX");
            return null;
        }
    }

    private ExampleSettings settings(Yaml.Node value) {
        if (!(value instanceof Yaml.Mapping map)) {
            problems.add(value, "`with` must be a mapping, not " + value.describe());
            return ExampleSettings.NONE;
        }
        for (Yaml.Field field : map.fields().values()) {
            if (!SETTING_KEYS.contains(field.name())) {
                problems.add(field.key(), "unknown key `" + field.name() + "` in `with`, expected one of "
                        + String.join(", ", SETTING_KEYS.stream().sorted().toList()));
            }
        }
        ProfileRules rules = new ProfileRules(file, layer, ExampleProfile.EXPANSION, new Checks(problems));
        List<Profile.PathRule> pathRules = map.get("path_rules") == null ? null : rules.pathRules(map.get("path_rules"));
        List<Profile.CommandRule> commandRules =
                map.get("command_rules") == null ? null : rules.commandRules(map.get("command_rules"));
        return new ExampleSettings(text(map, "mode"), flag(map, "read_only"), flag(map, "ask_writes"),
                flag(map, "ask_execute"), list(map, "allowed_paths"), list(map, "denied_paths"),
                list(map, "denied_commands"), list(map, "network_deny"), flag(map, "network_enabled"),
                list(map, "network_allow"), text(map, "executor"),
                pathRules == null ? List.of() : pathRules, commandRules == null ? List.of() : commandRules,
                approvals(map.get("approvals")), list(map, "policy_files"));
    }

    /** Standing approvals as the approvals file writes them; {@code id} defaults to one made of the rest. */
    private List<StandingApproval> approvals(Yaml.Node value) {
        List<StandingApproval> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        Checks checks = new Checks(problems);
        List<Yaml.Node> items = checks.list(value, "`approvals`");
        for (Yaml.Node item : items == null ? List.<Yaml.Node>of() : items) {
            if (!(item instanceof Yaml.Mapping)) {
                problems.add(item, "an approval must be a mapping of `tool`, `prefix` and `id`, not " + item.describe());
                continue;
            }
            Map<String, Yaml.Field> fields = checks.fields(item, "an approval");
            if (!fields.containsKey("tool")) {
                problems.add(item, "an approval needs `tool`");
            }
            if (!checks.known(fields, APPROVAL_KEYS, "an approval") || !fields.containsKey("tool")) {
                continue;
            }
            String tool = checks.string(fields.get("tool").value(), "`tool`");
            List<String> prefix = fields.containsKey("prefix") ? checks.strings(fields.get("prefix").value(), "`prefix`")
                    : List.of();
            if (tool == null || prefix == null) {
                continue;
            }
            String id = fields.containsKey("id") ? checks.string(fields.get("id").value(), "`id`")
                    : "approved." + tool + (prefix.isEmpty() ? "" : "." + String.join("-", prefix));
            out.add(new StandingApproval(id, tool, prefix, new Provenance(layer, file, item.line(), item.column())));
        }
        return out;
    }

    /** A network case's destination: {@code host} and a {@code port} (443 when none is given). */
    private Connection connection(Yaml.Mapping map, String host) {
        String port = text(map, "port");
        try {
            return Connection.to(host, port == null ? 443 : Integer.parseInt(port));
        } catch (IllegalArgumentException e) {
            problems.add(map.get(port == null ? "host" : "port"), "a network case needs a host and a port"
                    + " from 1 to 65535, got `" + host + ":" + port + "`");
            return null;
        }
    }

    private String text(Yaml.Mapping map, String key) {
        Yaml.Node value = map.get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof Yaml.Scalar scalar) {
            return scalar.text();
        }
        problems.add(value, "`" + key + "` must be a value, not " + value.describe());
        return null;
    }

    private boolean flag(Yaml.Mapping map, String key) {
        String text = text(map, key);
        if (text == null) {
            return false;
        }
        if (!text.equals("true") && !text.equals("false")) {
            problems.add(map.get(key), "`" + key + "` must be true or false, not `" + text + "`");
        }
        return text.equals("true");
    }

    private List<String> list(Yaml.Mapping map, String key) {
        Yaml.Node value = map.get(key);
        if (value == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (value instanceof Yaml.Sequence seq) {
            for (Yaml.Node item : seq.items()) {
                if (item instanceof Yaml.Scalar s) {
                    out.add(s.text());
                } else {
                    problems.add(item, "`" + key + "` must list values");
                }
            }
        } else {
            problems.add(value, "`" + key + "` must be a list, not " + value.describe());
        }
        return out;
    }
}
