package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The operators of a parameter expansion {@code ${NAME OP WORD}} applied to a value cordon knows:
 * defaults ({@code :-}, {@code :=}, {@code :+}, {@code :?} and their forms without colon),
 * substrings ({@code :1:2}), prefix and suffix removal ({@code #}, {@code ##}, {@code %},
 * {@code %%}), replacement ({@code /}, {@code //}, {@code /#}, {@code /%}) and case
 * ({@code ^^}, {@code ,,}, {@code @U}…). Each applies to every element of an array and to every
 * possible value of a choice.
 *
 * @param operator the operator as written
 * @param word the word after it (the pattern for a replacement), or null when not known
 * @param replacement the text after the second {@code /}, or null when not known or absent
 */
record ParameterOperation(String operator, String word, String replacement) {

    /** Longer texts are not matched against patterns: hostile input stays cheap. */
    private static final int MAX_MATCHED = 4096;

    /** The value after the operation; unknown when it cannot be computed. */
    Value apply(Value value) {
        if (!value.known()) {
            return Value.UNKNOWN;
        }
        List<String> out = new ArrayList<>(value.items().size());
        for (String item : value.items()) {
            String result = one(item);
            if (result == null) {
                return Value.UNKNOWN;
            }
            out.add(result);
        }
        return value.kind() == Value.Kind.CHOICE ? Value.choice(out)
                : value.kind() == Value.Kind.ARRAY ? Value.array(out) : Value.scalar(out.get(0));
    }

    /** Whether the operation assigns its word to the variable when empty ({@code :=}). */
    boolean assigns() {
        return operator.equals(":=") || operator.equals("=");
    }

    private String one(String text) {
        switch (operator) {
            case ":-", "-", ":=", "=":
                return text.isEmpty() ? word : text;
            case ":+", "+":
                return text.isEmpty() ? "" : word;
            case ":?", "?":
                return text;
            case ":":
                return substring(text);
            case "#", "##", "%", "%%":
                return word == null || text.length() > MAX_MATCHED ? null : remove(text);
            case "/", "//", "/#", "/%":
                return word == null || replacement == null || text.length() > MAX_MATCHED ? null : replace(text);
            case "^^":
                return word != null && word.isEmpty() ? text.toUpperCase(Locale.ROOT) : null;
            case ",,":
                return word != null && word.isEmpty() ? text.toLowerCase(Locale.ROOT) : null;
            case "^":
                return word != null && word.isEmpty() && !text.isEmpty()
                        ? text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1) : word == null ? null : text;
            case ",":
                return word != null && word.isEmpty() && !text.isEmpty()
                        ? text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1) : word == null ? null : text;
            case "@":
                return transform(text);
            default:
                return null;
        }
    }

    /** {@code ${X:OFFSET}} and {@code ${X:OFFSET:LENGTH}}, negative values counting from the end. */
    private String substring(String text) {
        if (word == null) {
            return null;
        }
        int colon = word.indexOf(':');
        Integer offset = integer(colon < 0 ? word : word.substring(0, colon));
        Integer length = colon < 0 ? Integer.valueOf(Integer.MAX_VALUE) : integer(word.substring(colon + 1));
        if (offset == null || length == null) {
            return null;
        }
        int from = offset < 0 ? Math.max(0, text.length() + offset) : Math.min(offset, text.length());
        int to = length < 0 ? text.length() + length : (int) Math.min((long) from + length, text.length());
        return to < from ? null : text.substring(from, to);
    }

    private static Integer integer(String text) {
        String t = text.strip();
        if (t.startsWith("(") && t.endsWith(")")) {
            t = t.substring(1, t.length() - 1).strip();
        }
        if (t.isEmpty()) {
            return 0;
        }
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String remove(String text) {
        boolean longest = operator.length() == 2;
        if (operator.charAt(0) == '#') {
            for (int k = 0; k <= text.length(); k++) {
                int end = longest ? text.length() - k : k;
                if (ShellPattern.matches(word, text.substring(0, end))) {
                    return text.substring(end);
                }
            }
        } else {
            for (int k = 0; k <= text.length(); k++) {
                int start = longest ? k : text.length() - k;
                if (ShellPattern.matches(word, text.substring(start))) {
                    return text.substring(0, start);
                }
            }
        }
        return text;
    }

    private String replace(String text) {
        if (word.isEmpty()) {
            return text;
        }
        boolean all = operator.equals("//");
        boolean anchoredStart = operator.equals("/#");
        boolean anchoredEnd = operator.equals("/%");
        StringBuilder out = new StringBuilder();
        int i = 0;
        boolean replaced = false;
        while (i <= text.length()) {
            int end = (!replaced || all) && (!anchoredStart || i == 0) ? longestMatch(text, i, anchoredEnd) : -1;
            if (end >= 0 && end > i) {
                out.append(replacement);
                replaced = true;
                i = end;
                continue;
            }
            if (i < text.length()) {
                out.append(text.charAt(i));
            }
            i++;
        }
        return out.toString();
    }

    private int longestMatch(String text, int from, boolean toEnd) {
        for (int end = text.length(); end > from; end--) {
            if (toEnd && end != text.length()) {
                return -1;
            }
            if (ShellPattern.matches(word, text.substring(from, end))) {
                return end;
            }
        }
        return -1;
    }

    /** {@code ${X@U}}, {@code @L}, {@code @u}, {@code @E}; others are not followed. */
    private String transform(String text) {
        if (word == null) {
            return null;
        }
        return switch (word) {
            case "U" -> text.toUpperCase(Locale.ROOT);
            case "L" -> text.toLowerCase(Locale.ROOT);
            case "u" -> text.isEmpty() ? text : text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1);
            case "E" -> Escapes.decode(text, 0, text.length());
            default -> null;
        };
    }
}
