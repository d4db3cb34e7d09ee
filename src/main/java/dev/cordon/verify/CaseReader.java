package dev.cordon.verify;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Problem;
import dev.cordon.request.Connection;
import dev.cordon.request.Tools;
import dev.cordon.verify.PolicyCase.ExampleSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the cases of suites and examples from YAML, naming the line of every mistake. */
final class CaseReader {

    static final Set<String> SUITE_KEYS = Set.of("name", "tool", "command", "path", "host", "port", "cwd", "profile",
            "expect", "rule");
    static final Set<String> EXAMPLE_KEYS = Set.of("name", "tool", "command", "path", "host", "port", "cwd", "rule",
            "with");
    private static final Set<String> SETTING_KEYS = Set.of("mode", "read_only", "ask_writes", "ask_execute",
            "allowed_paths", "denied_paths", "denied_commands", "network_deny", "network_enabled", "network_allow",
            "executor");

    private final String file;
    private final List<Problem> problems;

    CaseReader(String file, List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    /** The cases of a list; a malformed case is reported and skipped. */
    List<PolicyCase> cases(Yaml.Value value, Set<String> keys, String what) {
        List<PolicyCase> cases = new ArrayList<>();
        if (!(value instanceof Yaml.Sequence list)) {
            problem(value, what + " must be a list of cases, not " + value.kind());
            return cases;
        }
        for (Yaml.Value item : list.items()) {
            PolicyCase c = one(item, keys);
            if (c != null) {
                cases.add(c);
            }
        }
        return cases;
    }

    private PolicyCase one(Yaml.Value item, Set<String> keys) {
        if (!(item instanceof Yaml.Mapping map)) {
            problem(item, "a case must be a mapping, not " + item.kind());
            return null;
        }
        int before = problems.size();
        for (Map.Entry<String, Yaml.Value> e : map.entries().entrySet()) {
            if (!keys.contains(e.getKey())) {
                problem(map.keys().get(e.getKey()), "unknown key `" + e.getKey() + "`, expected one of " + String.join(", ",
                        keys.stream().sorted().toList()));
            }
        }
        String command = text(map, "command");
        String path = text(map, "path");
        String host = text(map, "host");
        if ((command != null ? 1 : 0) + (path != null ? 1 : 0) + (host != null ? 1 : 0) != 1) {
            problem(map, "a case needs exactly one of `command`, `path` and `host`");
        }
        Connection connection = host == null ? null : connection(map, host);
        String tool = text(map, "tool");
        if (tool == null) {
            tool = command != null ? Tools.BASH : host != null ? Tools.NETWORK : Tools.READ_FILE;
        }
        Decision expect = null;
        String expected = text(map, "expect");
        if (keys.contains("expect")) {
            if (expected == null) {
                problem(map, "a case needs `expect: ALLOW|DENY|ASK|SANDBOX`");
            } else {
                expect = decision(map.entries().get("expect"), expected);
            }
        }
        String rule = text(map, "rule");
        if (!keys.contains("expect") && rule == null) {
            problem(map, "an example needs the `rule` it is about");
        }
        ExampleSettings settings = settings(map.entries().get("with"));
        if (problems.size() > before) {
            return null;
        }
        return new PolicyCase(file, map.line(), map.column(), tool, command, path, connection, text(map, "cwd"),
                text(map, "profile"), expect, rule, settings);
    }

    private Decision decision(Yaml.Value at, String text) {
        try {
            return Decision.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problem(at, "unknown decision `" + text + "`, expected one of ALLOW, DENY, ASK, SANDBOX");
            return null;
        }
    }

    private ExampleSettings settings(Yaml.Value value) {
        if (value == null) {
            return ExampleSettings.NONE;
        }
        if (!(value instanceof Yaml.Mapping map)) {
            problem(value, "`with` must be a mapping, not " + value.kind());
            return ExampleSettings.NONE;
        }
        for (Map.Entry<String, Yaml.Value> e : map.entries().entrySet()) {
            if (!SETTING_KEYS.contains(e.getKey())) {
                problem(map.keys().get(e.getKey()), "unknown key `" + e.getKey() + "` in `with`, expected one of "
                        + String.join(", ", SETTING_KEYS.stream().sorted().toList()));
            }
        }
        return new ExampleSettings(text(map, "mode"), flag(map, "read_only"), flag(map, "ask_writes"),
                flag(map, "ask_execute"), list(map, "allowed_paths"), list(map, "denied_paths"), list(map, "denied_commands"),
                list(map, "network_deny"), flag(map, "network_enabled"), list(map, "network_allow"),
                text(map, "executor"));
    }

    /** A network case's destination: {@code host} and a {@code port} (443 when none is given). */
    private Connection connection(Yaml.Mapping map, String host) {
        String port = text(map, "port");
        try {
            return Connection.to(host, port == null ? 443 : Integer.parseInt(port));
        } catch (IllegalArgumentException e) {
            problem(map.entries().get(port == null ? "host" : "port"), "a network case needs a host and a port"
                    + " from 1 to 65535, got `" + host + ":" + port + "`");
            return null;
        }
    }

    private String text(Yaml.Mapping map, String key) {
        Yaml.Value value = map.entries().get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof Yaml.Scalar scalar) {
            return scalar.text();
        }
        problem(value, "`" + key + "` must be a value, not " + value.kind());
        return null;
    }

    private boolean flag(Yaml.Mapping map, String key) {
        String text = text(map, key);
        if (text == null) {
            return false;
        }
        if (!text.equals("true") && !text.equals("false")) {
            problem(map.entries().get(key), "`" + key + "` must be true or false, not `" + text + "`");
        }
        return text.equals("true");
    }

    private List<String> list(Yaml.Mapping map, String key) {
        Yaml.Value value = map.entries().get(key);
        if (value == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (value instanceof Yaml.Sequence seq) {
            for (Yaml.Value item : seq.items()) {
                if (item instanceof Yaml.Scalar s) {
                    out.add(s.text());
                } else {
                    problem(item, "`" + key + "` must list values");
                }
            }
        } else {
            problem(value, "`" + key + "` must be a list, not " + value.kind());
        }
        return out;
    }

    void problem(Yaml.Value at, String message) {
        problems.add(new Problem(file, at.line(), at.column(), message));
    }
}
