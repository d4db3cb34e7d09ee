package dev.cordon.profile;

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
 * Reads YAML as nodes (which keep line and column) and checks value shapes, reporting what is
 * wrong to a {@link Problems} instead of falling back to a default.
 */
final class Nodes {

    /** A key of a mapping with its value. */
    record Field(String name, ScalarNode key, Node value) {
    }

    private static final java.util.regex.Pattern COUNT = java.util.regex.Pattern.compile("[0-9]{1,9}");

    private final Problems problems;

    Nodes(Problems problems) {
        this.problems = problems;
    }

    Problems problems() {
        return problems;
    }

    /** Parses one YAML document; empty when the text holds no document. */
    static Optional<Node> compose(String file, String text) {
        LoadSettings settings = LoadSettings.builder().setLabel(file).setMaxAliasesForCollections(10).build();
        try {
            return new Compose(settings).composeString(text);
        } catch (MarkedYamlEngineException e) {
            Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
            int line = mark.map(m -> m.getLine() + 1).orElse(0);
            int column = mark.map(m -> m.getColumn() + 1).orElse(0);
            throw new PolicyException(new Problem(file, line, column, "malformed yaml: " + oneLine(e.getProblem())));
        } catch (YamlEngineException e) {
            throw new PolicyException(new Problem(file, 0, 0, "malformed yaml: " + oneLine(e.getMessage())));
        }
    }

    static int line(Node node) {
        return node.getStartMark().map(m -> m.getLine() + 1).orElse(0);
    }

    static int column(Node node) {
        return node.getStartMark().map(m -> m.getColumn() + 1).orElse(0);
    }

    /** The fields of a mapping in order; reports non-scalar and duplicate keys. */
    Map<String, Field> fields(Node node, String what) {
        Map<String, Field> out = new LinkedHashMap<>();
        if (!(node instanceof MappingNode mapping)) {
            problems.add(node, "expected a mapping for " + what + ", got " + describe(node));
            return out;
        }
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                problems.add(tuple.getKeyNode(), "expected a plain key in " + what + ", got " + describe(tuple.getKeyNode()));
                continue;
            }
            if (out.containsKey(key.getValue())) {
                problems.add(key, "duplicate key `" + key.getValue() + "` in " + what);
                continue;
            }
            out.put(key.getValue(), new Field(key.getValue(), key, tuple.getValueNode()));
        }
        return out;
    }

    /** A non-empty string, or null after reporting. */
    String string(Node node, String what) {
        if (!(node instanceof ScalarNode scalar)) {
            problems.add(node, "expected a string for " + what + ", got " + describe(node));
            return null;
        }
        if (isNull(scalar) || scalar.getValue().isBlank()) {
            problems.add(node, "expected a string for " + what + ", got nothing");
            return null;
        }
        return scalar.getValue();
    }

    Boolean bool(Node node, String what) {
        if (node instanceof ScalarNode scalar && scalar.isPlain()) {
            if (scalar.getValue().equals("true")) {
                return Boolean.TRUE;
            }
            if (scalar.getValue().equals("false")) {
                return Boolean.FALSE;
            }
        }
        problems.add(node, "expected true or false for " + what + ", got " + describe(node));
        return null;
    }

    Integer count(Node node, String what) {
        if (node instanceof ScalarNode scalar && scalar.isPlain() && COUNT.matcher(scalar.getValue()).matches()) {
            return Integer.valueOf(scalar.getValue());
        }
        problems.add(node, "expected a whole number from 0 to 999999999 for " + what + ", got " + describe(node));
        return null;
    }

    /** A whole number from 0 to 100, or null after reporting. */
    Integer percent(Node node, String what) {
        if (node instanceof ScalarNode scalar && scalar.isPlain() && COUNT.matcher(scalar.getValue()).matches()
                && Integer.parseInt(scalar.getValue()) <= 100) {
            return Integer.valueOf(scalar.getValue());
        }
        problems.add(node, "expected a whole number from 0 to 100 for " + what + ", got " + describe(node));
        return null;
    }

    /** One of the given lower-case words, as the matching enum constant. */
    <E extends Enum<E>> E word(Node node, String what, Class<E> type) {
        List<String> words = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            words.add(constant.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        }
        if (node instanceof ScalarNode scalar && words.contains(scalar.getValue())) {
            return type.getEnumConstants()[words.indexOf(scalar.getValue())];
        }
        problems.add(node, "expected one of " + String.join(", ", words) + " for " + what + ", got " + describe(node));
        return null;
    }

    /** The items of a list, or null after reporting. */
    List<Node> list(Node node, String what) {
        if (node instanceof SequenceNode sequence) {
            return sequence.getValue();
        }
        problems.add(node, "expected a list for " + what + ", got " + describe(node));
        return null;
    }

    /** Strings of a list; bad items are reported and left out. */
    List<String> strings(Node node, String what) {
        List<Node> items = list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : items) {
            String value = string(item, what);
            if (value != null) {
                out.add(value);
            }
        }
        return out;
    }

    static String describe(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode scalar = (ScalarNode) node;
        return isNull(scalar) ? "nothing" : "`" + oneLine(scalar.getValue()) + "`";
    }

    static boolean isNull(ScalarNode scalar) {
        String value = scalar.getValue();
        return scalar.isPlain() && (value.isEmpty() || value.equals("~") || value.equals("null"));
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
