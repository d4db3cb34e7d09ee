package dev.cordon.approval;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.request.Tool;
import dev.cordon.yaml.Yaml;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the approvals file: a YAML list of entries with {@code id}, {@code tool}, {@code prefix}
 * and {@code added}. Strict: every problem is reported with its file, line and column, and a
 * file with any problem yields no approvals at all.
 */
final class StandingApprovalReader {

    static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,99}");
    private static final Set<String> KEYS = Set.of("id", "tool", "prefix", "added");

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    private StandingApprovalReader(String file) {
        this.file = file;
    }

    /** The approvals in {@code text}; throws listing every problem when there is any. */
    static List<StandingApproval> parse(String text, String file) {
        return new StandingApprovalReader(file).read(text);
    }

    private List<StandingApproval> read(String text) {
        Optional<Yaml.Node> root = Yaml.read(file, text);
        if (root.isEmpty() || isNull(root.get())) {
            return List.of();
        }
        if (!(root.get() instanceof Yaml.Sequence list)) {
            throw new PolicyException(problem(root.get(), "expected a list of approvals (`- id: …`)"));
        }
        List<StandingApproval> approvals = new ArrayList<>();
        Map<String, StandingApproval> byId = new HashMap<>();
        Map<List<String>, StandingApproval> byKey = new HashMap<>();
        for (Yaml.Node item : list.items()) {
            entry(item).ifPresent(approval -> {
                StandingApproval sameId = byId.putIfAbsent(approval.id(), approval);
                List<String> key = new ArrayList<>(approval.prefix());
                key.add(0, approval.tool());
                StandingApproval sameKey = byKey.putIfAbsent(key, approval);
                if (sameId != null) {
                    problems.add(problem(item, "duplicate approval id `" + approval.id() + "` (first at line "
                            + sameId.source().line() + ")"));
                } else if (sameKey != null) {
                    problems.add(problem(item, "duplicate approval for " + describe(approval) + " (first at line "
                            + sameKey.source().line() + ")"));
                } else {
                    approvals.add(approval);
                }
            });
        }
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return List.copyOf(approvals);
    }

    private Optional<StandingApproval> entry(Yaml.Node item) {
        if (!(item instanceof Yaml.Mapping mapping)) {
            problems.add(problem(item, "expected an approval entry with `id`, `tool` and `prefix`"));
            return Optional.empty();
        }
        Map<String, Yaml.Node> values = new HashMap<>();
        int before = problems.size();
        for (Yaml.Field field : mapping.fields().values()) {
            if (!KEYS.contains(field.name())) {
                problems.add(problem(field.key(), "unknown key `" + field.name()
                        + "` in approval entry; expected `id`, `tool`, `prefix` or `added`"));
            } else {
                values.put(field.name(), field.value());
            }
        }
        String id = text(values, "id", item);
        String tool = text(values, "tool", item);
        List<String> prefix = words(values, item);
        Yaml.Node added = values.get("added");
        if (id != null && !ID.matcher(id).matches()) {
            problems.add(problem(values.get("id"), "invalid approval id `" + id
                    + "`: use lower-case letters, digits, `.`, `-` and `_`"));
        }
        if (added != null) {
            checkTimestamp(added);
        }
        if (tool != null && prefix != null && prefix.isEmpty() && Tool.of(tool).isShell()) {
            problems.add(problem(values.get("prefix"), "empty prefix for shell tool `" + tool
                    + "` would approve every command"));
        }
        if (problems.size() > before || id == null || tool == null || prefix == null) {
            return Optional.empty();
        }
        return Optional.of(new StandingApproval(id, tool, prefix,
                new Provenance(Provenance.Layer.APPROVAL, file, item.line(), item.column())));
    }

    private String text(Map<String, Yaml.Node> values, String key, Yaml.Node entry) {
        Yaml.Node node = values.get(key);
        if (node == null) {
            problems.add(problem(entry, "approval entry misses `" + key + "`"));
            return null;
        }
        if (!(node instanceof Yaml.Scalar scalar) || scalar.text().isBlank()) {
            problems.add(problem(node, "`" + key + "` must be a non-empty text"));
            return null;
        }
        return scalar.text();
    }

    private List<String> words(Map<String, Yaml.Node> values, Yaml.Node entry) {
        Yaml.Node node = values.get("prefix");
        if (node == null) {
            problems.add(problem(entry, "approval entry misses `prefix` (use `[]` for a file tool)"));
            return null;
        }
        if (!(node instanceof Yaml.Sequence sequence)) {
            problems.add(problem(node, "`prefix` must be a list of words, e.g. `[npm, test]`"));
            return null;
        }
        List<String> words = new ArrayList<>();
        for (Yaml.Node word : sequence.items()) {
            if (!(word instanceof Yaml.Scalar scalar) || scalar.text().isBlank()
                    || scalar.text().chars().anyMatch(Character::isWhitespace)) {
                problems.add(problem(word, "`prefix` entries must be single words"));
                return null;
            }
            words.add(scalar.text());
        }
        return words;
    }

    private void checkTimestamp(Yaml.Node node) {
        String value = node instanceof Yaml.Scalar scalar ? scalar.text() : "";
        try {
            Instant.parse(value);
        } catch (DateTimeParseException e) {
            problems.add(problem(node, "invalid `added` time `" + value
                    + "`: expected ISO-8601 in UTC, e.g. `2025-01-31T12:00:00Z`"));
        }
    }

    private static boolean isNull(Yaml.Node node) {
        return node instanceof Yaml.Scalar scalar && scalar.isNull();
    }

    private Problem problem(Yaml.Node node, String message) {
        return new Problem(file, node.line(), node.column(), message);
    }

    static String describe(StandingApproval approval) {
        return approval.prefix().isEmpty()
                ? "`" + approval.tool() + "`"
                : "`" + approval.tool() + "` `" + String.join(" ", approval.prefix()) + "`";
    }
}
