package dev.cordon.path;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expands {@code ${WORKSPACE}}, {@code ${HOME}}, {@code ${TMPDIR}}, {@code ${CWD}} and a leading
 * {@code <cwd>} in profile values when the profile loads. Anything else written as
 * {@code ${...}} is an error: a typo must not silently become a literal path.
 */
public final class Expansion {

    public static final String WORKSPACE = "WORKSPACE";
    public static final String HOME = "HOME";
    public static final String TMPDIR = "TMPDIR";
    public static final String CWD = "CWD";

    private static final String CWD_SENTINEL = "<cwd>";

    private final Map<String, String> values;

    private Expansion(Map<String, String> values) {
        this.values = values;
    }

    /** All four values are normalised absolute paths. */
    public static Expansion of(String workspace, String home, String tmpdir, String cwd) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(WORKSPACE, workspace);
        values.put(HOME, home);
        values.put(TMPDIR, tmpdir);
        values.put(CWD, cwd);
        return new Expansion(values);
    }

    /** The values of WORKSPACE, HOME, TMPDIR and CWD, in that order. */
    public List<String> values() {
        return List.copyOf(values.values());
    }

    public String value(String variable) {
        return values.get(variable);
    }

    /**
     * Expands one value.
     *
     * @param file the file the value was read from, for the error
     * @param line 1-based line of the value
     * @param column 1-based column where the value starts
     * @throws PolicyException for an unknown or unclosed variable, or {@code <cwd>} not at the
     *     start
     */
    public String expand(String text, String file, int line, int column) {
        String rest = text;
        StringBuilder out = new StringBuilder();
        if (rest.startsWith(CWD_SENTINEL)) {
            out.append(values.get(CWD));
            rest = rest.substring(CWD_SENTINEL.length());
        }
        int sentinel = rest.indexOf(CWD_SENTINEL);
        if (sentinel >= 0) {
            throw error(file, line, column, "`<cwd>` may only start a value, in `" + text + "`");
        }
        int at = 0;
        while (at < rest.length()) {
            int open = rest.indexOf("${", at);
            if (open < 0) {
                out.append(rest, at, rest.length());
                break;
            }
            out.append(rest, at, open);
            int close = rest.indexOf('}', open);
            if (close < 0) {
                throw error(file, line, column, "unclosed `${` in `" + text + "`");
            }
            String name = rest.substring(open + 2, close);
            String value = values.get(name);
            if (value == null) {
                throw error(file, line, column,
                        "unknown variable `${" + name + "}`, expected one of " + String.join(", ", values.keySet()));
            }
            out.append(value);
            at = close + 1;
        }
        return out.toString();
    }

    private static PolicyException error(String file, int line, int column, String message) {
        return new PolicyException(new Problem(file, line, column, message));
    }
}
