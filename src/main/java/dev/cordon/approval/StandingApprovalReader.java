package dev.cordon.approval;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.request.Tools;
import java.io.StringReader;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

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
        LoadSettings settings = LoadSettings.builder().setLabel(file).build();
        Optional<Node> root;
        try {
            Iterator<Node> documents = new Compose(settings).composeAllFromReader(new StringReader(text)).iterator();
            root = documents.hasNext() ? Optional.of(documents.next()) : Optional.empty();
            if (documents.hasNext()) {
                Node second = documents.next();
                throw new PolicyException(problem(second, "expected one yaml document, found more"));
            }
        } catch (MarkedYamlEngineException e) {
            Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
            throw new PolicyException(new Problem(file, mark.map(m -> m.getLine() + 1).orElse(0),
                    mark.map(m -> m.getColumn() + 1).orElse(0), "invalid yaml: " + e.getProblem()));
        } catch (YamlEngineException e) {
            throw new PolicyException(new Problem(file, 0, 0, "invalid yaml: " + e.getMessage()));
        }
        if (root.isEmpty() || isNull(root.get())) {
            return List.of();
        }
        if (!(root.get() instanceof SequenceNode list)) {
            throw new PolicyException(problem(root.get(), "expected a list of approvals (`- id: …`)"));
        }
        List<StandingApproval> approvals = new ArrayList<>();
        Map<String, StandingApproval> byId = new HashMap<>();
        Map<List<String>, StandingApproval> byKey = new HashMap<>();
        for (Node item : list.getValue()) {
            entry(item).ifPresent(approval -> {
                StandingApproval sameId = byId.putIfAbsent(approval.id(), approval);
                List<String> key = new ArrayList<>(approval.prefix());
                key.add(0, approval.tool());
                StandingApproval sameKey = byKey.putIfAbsent(key, approval);
                if (sameId != null) {
                    problems.add(problem(item, "duplicate approval id `" + approval.id() + "` (first at line "
                            + sameId.line() + ")"));
                } else if (sameKey != null) {
                    problems.add(problem(item, "duplicate approval for " + describe(approval) + " (first at line "
                            + sameKey.line() + ")"));
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

    private Optional<StandingApproval> entry(Node item) {
        if (!(item instanceof MappingNode mapping)) {
            problems.add(problem(item, "expected an approval entry with `id`, `tool` and `prefix`"));
            return Optional.empty();
        }
        Map<String, Node> values = new HashMap<>();
        int before = problems.size();
        for (NodeTuple tuple : mapping.getValue()) {
            String key = tuple.getKeyNode() instanceof ScalarNode s ? s.getValue() : null;
            if (key == null || !KEYS.contains(key)) {
                problems.add(problem(tuple.getKeyNode(), "unknown key `" + (key == null ? "?" : key)
                        + "` in approval entry; expected `id`, `tool`, `prefix` or `added`"));
            } else if (values.putIfAbsent(key, tuple.getValueNode()) != null) {
                problems.add(problem(tuple.getKeyNode(), "duplicate key `" + key + "`"));
            }
        }
        String id = text(values, "id", item);
        String tool = text(values, "tool", item);
        List<String> prefix = words(values, item);
        Node added = values.get("added");
        if (id != null && !ID.matcher(id).matches()) {
            problems.add(problem(values.get("id"), "invalid approval id `" + id
                    + "`: use lower-case letters, digits, `.`, `-` and `_`"));
        }
        if (added != null) {
            checkTimestamp(added);
        }
        if (tool != null && prefix != null && prefix.isEmpty() && Tools.isShell(tool)) {
            problems.add(problem(values.get("prefix"), "empty prefix for shell tool `" + tool
                    + "` would approve every command"));
        }
        if (problems.size() > before || id == null || tool == null || prefix == null) {
            return Optional.empty();
        }
        return Optional.of(new StandingApproval(id, tool, prefix, file, line(item)));
    }

    private String text(Map<String, Node> values, String key, Node entry) {
        Node node = values.get(key);
        if (node == null) {
            problems.add(problem(entry, "approval entry misses `" + key + "`"));
            return null;
        }
        if (!(node instanceof ScalarNode scalar) || scalar.getValue().isBlank()) {
            problems.add(problem(node, "`" + key + "` must be a non-empty text"));
            return null;
        }
        return scalar.getValue();
    }

    private List<String> words(Map<String, Node> values, Node entry) {
        Node node = values.get("prefix");
        if (node == null) {
            problems.add(problem(entry, "approval entry misses `prefix` (use `[]` for a file tool)"));
            return null;
        }
        if (!(node instanceof SequenceNode sequence)) {
            problems.add(problem(node, "`prefix` must be a list of words, e.g. `[npm, test]`"));
            return null;
        }
        List<String> words = new ArrayList<>();
        for (Node word : sequence.getValue()) {
            if (!(word instanceof ScalarNode scalar) || scalar.getValue().isBlank()
                    || scalar.getValue().chars().anyMatch(Character::isWhitespace)) {
                problems.add(problem(word, "`prefix` entries must be single words"));
                return null;
            }
            words.add(scalar.getValue());
        }
        return words;
    }

    private void checkTimestamp(Node node) {
        String value = node instanceof ScalarNode scalar ? scalar.getValue() : "";
        try {
            Instant.parse(value);
        } catch (DateTimeParseException e) {
            problems.add(problem(node, "invalid `added` time `" + value
                    + "`: expected ISO-8601 in UTC, e.g. `2025-01-31T12:00:00Z`"));
        }
    }

    private static boolean isNull(Node node) {
        return node instanceof ScalarNode scalar && (scalar.getValue().isEmpty() || scalar.getValue().equals("~")
                || scalar.getValue().equals("null")) && scalar.isPlain();
    }

    private Problem problem(Node node, String message) {
        Optional<Mark> mark = node.getStartMark();
        return new Problem(file, mark.map(m -> m.getLine() + 1).orElse(0), mark.map(m -> m.getColumn() + 1).orElse(0),
                message);
    }

    private static int line(Node node) {
        return node.getStartMark().map(m -> m.getLine() + 1).orElse(0);
    }

    static String describe(StandingApproval approval) {
        return approval.prefix().isEmpty()
                ? "`" + approval.tool() + "`"
                : "`" + approval.tool() + "` `" + String.join(" ", approval.prefix()) + "`";
    }
}
