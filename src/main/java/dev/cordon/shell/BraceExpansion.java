package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Bash brace expansion: {@code {rm,-rf,/}} is three words, {@code a{b,c}} two, {@code {1..3}}
 * three. Only unquoted braces and commas take part; the word reader records where they are.
 * Field splitting comes after: where a known unquoted expansion held a blank, the word is cut.
 */
final class BraceExpansion {

    /** More words than this from one word is refused rather than expanded. */
    static final int MAX_WORDS = 1024;

    /** More brace characters than this in one word is refused: each level recurses once. */
    private static final int MAX_BRACES = 192;
    private static final int OPEN = -1;
    private static final int COMMA = -2;
    private static final int CLOSE = -3;
    private static final int SPLIT = -4;

    private BraceExpansion() {
    }

    /**
     * The words {@code value} expands to, or null when there would be more than {@link #MAX_WORDS}.
     *
     * @param braces positions of the brace characters that take part, or null
     * @param splits positions of the characters where a field ends, or null
     */
    static List<String> expand(String value, int[] braces, int[] splits) {
        if (braces != null && braces.length > MAX_BRACES) {
            return null;
        }
        int[] symbols = new int[value.length()];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = value.charAt(i);
        }
        for (int position : braces == null ? new int[0] : braces) {
            symbols[position] = switch (value.charAt(position)) {
                case '{' -> OPEN;
                case ',' -> COMMA;
                default -> CLOSE;
            };
        }
        for (int position : splits == null ? new int[0] : splits) {
            symbols[position] = SPLIT;
        }
        List<int[]> out = new ArrayList<>(4);
        if (braces != null && !expand(symbols, out)) {
            return null;
        }
        if (braces == null) {
            out.add(symbols);
        }
        List<String> words = new ArrayList<>(out.size());
        for (int[] word : out) {
            if (splits == null) {
                words.add(decode(word));
            } else {
                fields(word, words);
            }
        }
        return words.size() > MAX_WORDS ? null : words;
    }

    /** The fields of a word cut at its split marks; empty fields are dropped, as the shell drops them. */
    private static void fields(int[] word, List<String> out) {
        int from = 0;
        for (int i = 0; i <= word.length; i++) {
            if (i == word.length || word[i] == SPLIT) {
                if (i > from) {
                    out.add(decode(slice(word, from, i)));
                }
                from = i + 1;
            }
        }
    }

    private static boolean expand(int[] s, List<int[]> out) {
        for (int open = 0; open < s.length; open++) {
            if (s[open] != OPEN) {
                continue;
            }
            List<int[]> alternatives = alternatives(s, open);
            if (alternatives == null) {
                continue;
            }
            if (alternatives.isEmpty()) {
                return false;
            }
            int close = alternatives.remove(alternatives.size() - 1)[0];
            for (int[] alternative : alternatives) {
                int[] next = new int[open + alternative.length + s.length - close - 1];
                System.arraycopy(s, 0, next, 0, open);
                System.arraycopy(alternative, 0, next, open, alternative.length);
                System.arraycopy(s, close + 1, next, open + alternative.length, s.length - close - 1);
                if (!expand(next, out)) {
                    return false;
                }
            }
            return true;
        }
        out.add(s);
        return out.size() <= MAX_WORDS;
    }

    /**
     * The alternatives of the brace opened at {@code open}, followed by a one-element array holding
     * the index of its closing brace; null when it is not an expansion ({@code {}}, {@code {a}});
     * empty when it would give too many words.
     */
    private static List<int[]> alternatives(int[] s, int open) {
        int depth = 0;
        List<Integer> commas = new ArrayList<>(2);
        int close = -1;
        for (int k = open + 1; k < s.length && close < 0; k++) {
            if (s[k] == OPEN) {
                depth++;
            } else if (s[k] == CLOSE) {
                if (depth == 0) {
                    close = k;
                } else {
                    depth--;
                }
            } else if (s[k] == COMMA && depth == 0) {
                commas.add(k);
            }
        }
        if (close < 0) {
            return null;
        }
        List<int[]> result = new ArrayList<>(commas.size() + 2);
        if (commas.isEmpty()) {
            List<String> sequence = sequence(decode(slice(s, open + 1, close)));
            if (sequence == null) {
                return null;
            }
            if (sequence.isEmpty()) {
                return result;
            }
            for (String item : sequence) {
                result.add(item.chars().toArray());
            }
        } else {
            int from = open + 1;
            for (int comma : commas) {
                result.add(slice(s, from, comma));
                from = comma + 1;
            }
            result.add(slice(s, from, close));
        }
        result.add(new int[] {close});
        return result;
    }

    /** {@code 1..5}, {@code 10..0..2}, {@code a..e}: its items, null if not one, empty if too long. */
    private static List<String> sequence(String body) {
        String[] parts = body.split("\\.\\.", -1);
        if (parts.length < 2 || parts.length > 3) {
            return null;
        }
        Long step = parts.length == 3 ? integer(parts[2]) : Long.valueOf(1);
        if (step == null) {
            return null;
        }
        Long from = integer(parts[0]);
        Long to = integer(parts[1]);
        boolean letters = from == null && to == null && parts[0].length() == 1 && parts[1].length() == 1
                && Character.isLetter(parts[0].charAt(0)) && Character.isLetter(parts[1].charAt(0));
        if (letters) {
            from = (long) parts[0].charAt(0);
            to = (long) parts[1].charAt(0);
        } else if (from == null || to == null) {
            return null;
        }
        long stride = Math.max(1, Math.abs(step));
        long count = Math.abs(to - from) / stride + 1;
        if (count > MAX_WORDS) {
            return List.of();
        }
        List<String> items = new ArrayList<>((int) count);
        long direction = to >= from ? stride : -stride;
        for (long v = from, i = 0; i < count; v += direction, i++) {
            items.add(letters ? String.valueOf((char) v) : Long.toString(v));
        }
        return items;
    }

    private static Long integer(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return null;
        }
        int i = text.charAt(0) == '-' || text.charAt(0) == '+' ? 1 : 0;
        if (i == text.length()) {
            return null;
        }
        for (int k = i; k < text.length(); k++) {
            if (text.charAt(k) < '0' || text.charAt(k) > '9') {
                return null;
            }
        }
        return Long.parseLong(text);
    }

    private static int[] slice(int[] s, int from, int to) {
        int[] part = new int[to - from];
        System.arraycopy(s, from, part, 0, part.length);
        return part;
    }

    private static String decode(int[] s) {
        StringBuilder out = new StringBuilder(s.length);
        for (int c : s) {
            out.append(switch (c) {
                case OPEN -> '{';
                case COMMA -> ',';
                case CLOSE -> '}';
                case SPLIT -> ' ';
                default -> (char) c;
            });
        }
        return out.toString();
    }
}
