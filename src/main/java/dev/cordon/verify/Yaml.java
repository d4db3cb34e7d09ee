package dev.cordon.verify;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.util.ArrayList;
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
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * A YAML document as a small tree that remembers where each value is, so suites and examples can
 * name the line of a wrong entry.
 */
public final class Yaml {

    /** A value and its 1-based position. */
    public sealed interface Value permits Scalar, Sequence, Mapping {
        int line();

        int column();

        /** A short name of its kind, for messages. */
        String kind();
    }

    public record Scalar(String text, int line, int column) implements Value {
        @Override
        public String kind() {
            return "a value";
        }
    }

    public record Sequence(List<Value> items, int line, int column) implements Value {
        @Override
        public String kind() {
            return "a list";
        }
    }

    /** A mapping; {@code keys} holds each key as written, for messages about the key itself. */
    public record Mapping(Map<String, Value> entries, Map<String, Scalar> keys, int line, int column) implements Value {
        @Override
        public String kind() {
            return "a mapping";
        }
    }

    private Yaml() {
    }

    /**
     * Reads a document; an empty document is an empty mapping.
     *
     * @throws PolicyException for malformed YAML or a duplicate key, with its position
     */
    public static Value read(String display, String text) {
        LoadSettings settings = LoadSettings.builder().setLabel(display).setAllowDuplicateKeys(false).build();
        try {
            Optional<Node> root = new Compose(settings).composeString(text);
            return root.isEmpty() ? new Mapping(Map.of(), Map.of(), 1, 1) : convert(display, root.get());
        } catch (MarkedYamlEngineException e) {
            Mark mark = e.getProblemMark().or(e::getContextMark).orElse(null);
            String problem = e.getProblem() == null ? "malformed yaml" : e.getProblem();
            throw new PolicyException(new Problem(display, mark == null ? 0 : mark.getLine() + 1,
                    mark == null ? 0 : mark.getColumn() + 1, "malformed yaml: " + problem));
        } catch (YamlEngineException e) {
            throw new PolicyException(new Problem(display, 0, 0, "malformed yaml: " + e.getMessage()));
        }
    }

    private static Value convert(String display, Node node) {
        int line = node.getStartMark().map(m -> m.getLine() + 1).orElse(0);
        int column = node.getStartMark().map(m -> m.getColumn() + 1).orElse(0);
        if (node instanceof ScalarNode scalar) {
            return new Scalar(scalar.getValue(), line, column);
        }
        if (node instanceof SequenceNode sequence) {
            List<Value> items = new ArrayList<>();
            for (Node item : sequence.getValue()) {
                items.add(convert(display, item));
            }
            return new Sequence(List.copyOf(items), line, column);
        }
        MappingNode mapping = (MappingNode) node;
        Map<String, Value> entries = new LinkedHashMap<>();
        Map<String, Scalar> keys = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                throw new PolicyException(new Problem(display, line, column, "keys must be plain words"));
            }
            entries.put(key.getValue(), convert(display, tuple.getValueNode()));
            keys.put(key.getValue(), (Scalar) convert(display, key));
        }
        return new Mapping(entries, keys, line, column);
    }
}
