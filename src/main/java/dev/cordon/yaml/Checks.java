package dev.cordon.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the shape of values read with {@link Yaml}, reporting what is wrong to a
 * {@link Problems} with the value's position instead of falling back to a default.
 */
public final class Checks {

    private static final Pattern COUNT = Pattern.compile("[0-9]{1,9}");

    private final Problems problems;

    public Checks(Problems problems) {
        this.problems = problems;
    }

    public Problems problems() {
        return problems;
    }

    /** The fields of a mapping in order, or none after reporting. */
    public Map<String, Yaml.Field> fields(Yaml.Node node, String what) {
        if (node instanceof Yaml.Mapping mapping) {
            return mapping.fields();
        }
        problems.add(node, "expected a mapping for " + what + ", got " + node.describe());
        return Map.of();
    }

    /** A non-empty string, or null after reporting. */
    public String string(Yaml.Node node, String what) {
        if (!(node instanceof Yaml.Scalar scalar)) {
            problems.add(node, "expected a string for " + what + ", got " + node.describe());
            return null;
        }
        if (scalar.isNull() || scalar.text().isBlank()) {
            problems.add(node, "expected a string for " + what + ", got nothing");
            return null;
        }
        return scalar.text();
    }

    public Boolean bool(Yaml.Node node, String what) {
        if (node instanceof Yaml.Scalar scalar && scalar.plain()) {
            if (scalar.text().equals("true")) {
                return Boolean.TRUE;
            }
            if (scalar.text().equals("false")) {
                return Boolean.FALSE;
            }
        }
        problems.add(node, "expected true or false for " + what + ", got " + node.describe());
        return null;
    }

    public Integer count(Yaml.Node node, String what) {
        if (node instanceof Yaml.Scalar scalar && scalar.plain() && COUNT.matcher(scalar.text()).matches()) {
            return Integer.valueOf(scalar.text());
        }
        problems.add(node, "expected a whole number from 0 to 999999999 for " + what + ", got " + node.describe());
        return null;
    }

    /** A whole number from 0 to 100, or null after reporting. */
    public Integer percent(Yaml.Node node, String what) {
        if (node instanceof Yaml.Scalar scalar && scalar.plain() && COUNT.matcher(scalar.text()).matches()
                && Integer.parseInt(scalar.text()) <= 100) {
            return Integer.valueOf(scalar.text());
        }
        problems.add(node, "expected a whole number from 0 to 100 for " + what + ", got " + node.describe());
        return null;
    }

    /** One of the given lower-case words ({@code best-effort} for {@code BEST_EFFORT}), as the matching enum constant. */
    public <E extends Enum<E>> E word(Yaml.Node node, String what, Class<E> type) {
        List<String> words = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            words.add(constant.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        if (node instanceof Yaml.Scalar scalar && words.contains(scalar.text())) {
            return type.getEnumConstants()[words.indexOf(scalar.text())];
        }
        problems.add(node, "expected one of " + String.join(", ", words) + " for " + what + ", got " + node.describe());
        return null;
    }

    /** The items of a list, or null after reporting. */
    public List<Yaml.Node> list(Yaml.Node node, String what) {
        if (node instanceof Yaml.Sequence sequence) {
            return sequence.items();
        }
        problems.add(node, "expected a list for " + what + ", got " + node.describe());
        return null;
    }

    /** Strings of a list; bad items are reported and left out. */
    public List<String> strings(Yaml.Node node, String what) {
        List<Yaml.Node> items = list(node, what);
        if (items == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Yaml.Node item : items) {
            String value = string(item, what);
            if (value != null) {
                out.add(value);
            }
        }
        return out;
    }

    /** Reports every key not in {@code keys}; false when there was one. */
    public boolean known(Map<String, Yaml.Field> fields, List<String> keys, String what) {
        boolean ok = true;
        for (Yaml.Field field : fields.values()) {
            if (!keys.contains(field.name())) {
                problems.add(field.key(), "unknown key `" + field.name() + "` in " + what + ", expected one of "
                        + String.join(", ", keys));
                ok = false;
            }
        }
        return ok;
    }
}
