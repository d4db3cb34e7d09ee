package dev.cordon.yaml;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The one reader of cordon's YAML documents (profiles, configs, rule cases, suites, approvals):
 * a small tree in which every value keeps its 1-based line and column, so whatever is read from
 * it can say where it was written. Values are never converted here; readers check their shape.
 */
public final class Yaml {

    /** A value and where it starts. */
    public sealed interface Node permits Scalar, Sequence, Mapping {
        int line();

        int column();

        /** What it is, for messages: {@code a mapping}, {@code a list}, {@code nothing} or the value in backticks. */
        String describe();
    }

    /**
     * A scalar as written.
     *
     * @param plain whether it was written without quotes (only a plain {@code true} is a boolean)
     */
    public record Scalar(String text, boolean plain, int line, int column) implements Node {

        /** An empty plain value, {@code ~} or {@code null}. */
        public boolean isNull() {
            return plain && (text.isEmpty() || text.equals("~") || text.equals("null"));
        }

        @Override
        public String describe() {
            return isNull() ? "nothing" : "`" + oneLine(text) + "`";
        }
    }

    public record Sequence(List<Node> items, int line, int column) implements Node {

        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /** A mapping of plain keys, in document order; a key appears once. */
    public record Mapping(Map<String, Field> fields, int line, int column) implements Node {

        public Mapping {
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        /** The value of a key, or null. */
        public Node get(String key) {
            Field field = fields.get(key);
            return field == null ? null : field.value();
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    /** One key of a mapping, with the key's own position, and its value. */
    public record Field(Scalar key, Node value) {

        public String name() {
            return key.text();
        }
    }

    private static final int MAX_ALIASES = 10;

    private Yaml() {
    }

    /**
     * Reads one document; empty when the text holds none.
     *
     * @throws PolicyException for malformed YAML, more than one document, a key that is not a
     *     plain value or a key given twice, each with its position
     */
    public static Optional<Node> read(String file, String text) {
        LoadSettings settings = LoadSettings.builder().setLabel(file).setMaxAliasesForCollections(MAX_ALIASES).build();
        Optional<org.snakeyaml.engine.v2.nodes.Node> root;
        try {
            root = new Compose(settings).composeString(text);
        } catch (MarkedYamlEngineException e) {
            Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
            throw new PolicyException(new Problem(file, mark.map(m -> m.getLine() + 1).orElse(0),
                    mark.map(m -> m.getColumn() + 1).orElse(0), "malformed yaml: " + oneLine(what(e))));
        } catch (YamlEngineException e) {
            throw new PolicyException(new Problem(file, 0, 0, "malformed yaml: " + oneLine(e.getMessage())));
        }
        if (root.isEmpty()) {
            return Optional.empty();
        }
        List<Problem> problems = new ArrayList<>();
        Node tree = convert(file, root.get(), problems);
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return Optional.of(tree);
    }

    private static Node convert(String file, org.snakeyaml.engine.v2.nodes.Node node, List<Problem> problems) {
        int line = node.getStartMark().map(m -> m.getLine() + 1).orElse(0);
        int column = node.getStartMark().map(m -> m.getColumn() + 1).orElse(0);
        if (node instanceof ScalarNode scalar) {
            return new Scalar(scalar.getValue(), scalar.isPlain(), line, column);
        }
        if (node instanceof SequenceNode sequence) {
            List<Node> items = new ArrayList<>();
            for (org.snakeyaml.engine.v2.nodes.Node item : sequence.getValue()) {
                items.add(convert(file, item, problems));
            }
            return new Sequence(items, line, column);
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        for (NodeTuple tuple : ((MappingNode) node).getValue()) {
            Node key = convert(file, tuple.getKeyNode(), problems);
            if (!(key instanceof Scalar scalar)) {
                problems.add(new Problem(file, key.line(), key.column(), "expected a plain key, got " + key.describe()));
                continue;
            }
            if (fields.containsKey(scalar.text())) {
                problems.add(new Problem(file, key.line(), key.column(), "duplicate key `" + scalar.text() + "`"));
                continue;
            }
            fields.put(scalar.text(), new Field(scalar, convert(file, tuple.getValueNode(), problems)));
        }
        return new Mapping(fields, line, column);
    }

    /** The problem, after what was being read when it is said ("expected a single document…, but found…"). */
    private static String what(MarkedYamlEngineException e) {
        String context = e.getContext();
        return context == null || context.isBlank() ? e.getProblem() : context + ", " + e.getProblem();
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
