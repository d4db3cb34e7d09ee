package dev.cordon.path;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a glob pattern into brace-free alternatives and each alternative into a token program
 * for {@link Glob}. Braces are expanded up front so matching never backtracks over them.
 */
final class GlobParser {

    /** Guards against {@code {a,b}{a,b}{a,b}...} blowing up at load time. */
    static final int MAX_ALTERNATIVES = 256;

    static final byte CHAR = 0;
    static final byte ANY = 1;
    static final byte CLASS = 2;
    /** {@code *}: any characters within one segment. */
    static final byte STAR = 3;
    /** {@code **}{@code /}: zero or more whole segments, slash included. */
    static final byte DIRS = 4;
    /** {@code /**} at the end: nothing, or a slash and anything after it. */
    static final byte TAIL = 5;
    /** A lone {@code **}: anything. */
    static final byte ALL = 6;

    /** One compiled alternative. */
    record Program(byte[] kinds, char[] chars, CharClass[] classes) {

        int size() {
            return kinds.length;
        }

        /** The characters before the first wildcard, e.g. {@code /a/b} for {@code /a/b/**}. */
        String literalPrefix() {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < kinds.length && kinds[i] == CHAR; i++) {
                out.append(chars[i]);
            }
            return out.toString();
        }

        int literalLength() {
            int i = 0;
            while (i < kinds.length && kinds[i] == CHAR) {
                i++;
            }
            return i;
        }
    }

    /** A bracket expression; never matches {@code /}. */
    record CharClass(char[] from, char[] to, boolean negated) {

        boolean matches(char c, boolean fold) {
            if (c == '/') {
                return false;
            }
            boolean in = contains(c)
                    || (fold && (contains(Character.toLowerCase(c)) || contains(Character.toUpperCase(c))));
            return in != negated;
        }

        private boolean contains(char c) {
            for (int i = 0; i < from.length; i++) {
                if (c >= from[i] && c <= to[i]) {
                    return true;
                }
            }
            return false;
        }
    }

    private final String pattern;
    private int pos;

    private GlobParser(String pattern) {
        this.pattern = pattern;
    }

    static List<Program> parse(String pattern) {
        if (pattern.isEmpty()) {
            throw new InvalidGlobException(pattern, 0, "empty pattern");
        }
        GlobParser parser = new GlobParser(pattern);
        List<String> alternatives = parser.sequence(0);
        List<Program> programs = new ArrayList<>();
        for (String alternative : alternatives) {
            programs.add(parser.program(alternative));
        }
        return programs;
    }

    /** Reads until an unmatched {@code ,} or {@code }} (inside braces) or the end. */
    private List<String> sequence(int depth) {
        List<String> acc = new ArrayList<>(List.of(""));
        while (pos < pattern.length()) {
            char c = pattern.charAt(pos);
            if (c == '\\') {
                if (pos + 1 == pattern.length()) {
                    throw new InvalidGlobException(pattern, pos, "trailing `\\`");
                }
                acc = append(acc, pattern.substring(pos, pos + 2));
                pos += 2;
            } else if (c == '[') {
                int end = classEnd(pos);
                acc = append(acc, pattern.substring(pos, end + 1));
                pos = end + 1;
            } else if (c == '{') {
                acc = product(acc, braces());
            } else if ((c == ',' || c == '}') && depth > 0) {
                return acc;
            } else if (c == '}') {
                throw new InvalidGlobException(pattern, pos, "unmatched `}`");
            } else {
                acc = append(acc, String.valueOf(c));
                pos++;
            }
        }
        return acc;
    }

    private List<String> braces() {
        int open = pos++;
        List<String> options = new ArrayList<>();
        while (true) {
            options.addAll(sequence(1));
            if (pos >= pattern.length()) {
                throw new InvalidGlobException(pattern, open, "unclosed `{`");
            }
            char c = pattern.charAt(pos++);
            if (c == '}') {
                return options;
            }
        }
    }

    /** Index of the {@code ]} closing the bracket expression that starts at {@code open}. */
    private int classEnd(int open) {
        int i = open + 1;
        if (i < pattern.length() && (pattern.charAt(i) == '!' || pattern.charAt(i) == '^')) {
            i++;
        }
        if (i < pattern.length() && pattern.charAt(i) == ']') {
            i++;
        }
        while (i < pattern.length() && pattern.charAt(i) != ']') {
            if (pattern.charAt(i) == '/') {
                throw new InvalidGlobException(pattern, i, "`/` inside `[...]`");
            }
            i += pattern.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= pattern.length()) {
            throw new InvalidGlobException(pattern, open, "unclosed `[`");
        }
        return i;
    }

    private List<String> append(List<String> acc, String text) {
        List<String> out = new ArrayList<>(acc.size());
        for (String prefix : acc) {
            out.add(prefix + text);
        }
        return out;
    }

    private List<String> product(List<String> acc, List<String> options) {
        if ((long) acc.size() * options.size() > MAX_ALTERNATIVES) {
            throw new InvalidGlobException(pattern, pos - 1, "more than " + MAX_ALTERNATIVES + " `{...}` alternatives");
        }
        List<String> out = new ArrayList<>();
        for (String prefix : acc) {
            for (String option : options) {
                out.add(prefix + option);
            }
        }
        return out;
    }

    private Program program(String alternative) {
        List<String> segments = splitSegments(alternative);
        Builder out = new Builder();
        int last = segments.size() - 1;
        if (segments.stream().allMatch("**"::equals)) {
            out.add(ALL, '\0', null);
            return out.build();
        }
        boolean previousGlobstar = false;
        for (int i = 0; i <= last; i++) {
            String segment = segments.get(i);
            boolean globstar = segment.equals("**");
            if (globstar && i == last) {
                out.add(TAIL, '\0', null);
                break;
            }
            if (i > 0 && !previousGlobstar) {
                out.add(CHAR, '/', null);
            }
            if (globstar) {
                if (!previousGlobstar) {
                    out.add(DIRS, '\0', null);
                }
            } else {
                segment(segment, out);
            }
            previousGlobstar = globstar;
        }
        return out.build();
    }

    /** Splits at unescaped slashes; the parser already refused a slash inside {@code [...]}. */
    private static List<String> splitSegments(String alternative) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < alternative.length(); i++) {
            char c = alternative.charAt(i);
            if (c == '\\' && i + 1 < alternative.length()) {
                current.append(c).append(alternative.charAt(++i));
            } else if (c == '/') {
                out.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        out.add(current.toString());
        return out;
    }

    private void segment(String segment, Builder out) {
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            switch (c) {
                case '\\' -> out.add(CHAR, segment.charAt(++i), null);
                case '?' -> out.add(ANY, '\0', null);
                case '*' -> {
                    if (i + 1 < segment.length() && segment.charAt(i + 1) == '*') {
                        int at = Math.max(0, pattern.indexOf("**"));
                        throw new InvalidGlobException(pattern, at, "`**` must be a whole path segment");
                    }
                    out.add(STAR, '\0', null);
                }
                case '[' -> i = charClass(segment, i, out);
                default -> out.add(CHAR, c, null);
            }
        }
    }

    /** Parses {@code [...]} starting at {@code open}; returns the index of its {@code ]}. */
    private int charClass(String segment, int open, Builder out) {
        int i = open + 1;
        boolean negated = segment.charAt(i) == '!' || segment.charAt(i) == '^';
        if (negated) {
            i++;
        }
        List<char[]> ranges = new ArrayList<>();
        boolean first = true;
        while (segment.charAt(i) != ']' || first) {
            first = false;
            char lo = segment.charAt(i) == '\\' ? segment.charAt(++i) : segment.charAt(i);
            char hi = lo;
            if (i + 2 < segment.length() && segment.charAt(i + 1) == '-' && segment.charAt(i + 2) != ']') {
                i += 2;
                hi = segment.charAt(i) == '\\' ? segment.charAt(++i) : segment.charAt(i);
                if (hi < lo) {
                    int at = Math.max(0, pattern.indexOf(lo + "-" + hi));
                    throw new InvalidGlobException(pattern, at, "range `" + lo + "-" + hi + "` is reversed");
                }
            }
            ranges.add(new char[] {lo, hi});
            i++;
        }
        char[] from = new char[ranges.size()];
        char[] to = new char[ranges.size()];
        for (int r = 0; r < ranges.size(); r++) {
            from[r] = ranges.get(r)[0];
            to[r] = ranges.get(r)[1];
        }
        out.add(CLASS, '\0', new CharClass(from, to, negated));
        return i;
    }

    private static final class Builder {
        private final List<Byte> kinds = new ArrayList<>();
        private final StringBuilder chars = new StringBuilder();
        private final List<CharClass> classes = new ArrayList<>();

        void add(byte kind, char c, CharClass charClass) {
            // Consecutive stars match the same as one; merging keeps the automaton small.
            if (kind == STAR && !kinds.isEmpty() && kinds.get(kinds.size() - 1) == STAR) {
                return;
            }
            kinds.add(kind);
            chars.append(c);
            classes.add(charClass);
        }

        Program build() {
            byte[] k = new byte[kinds.size()];
            for (int i = 0; i < k.length; i++) {
                k[i] = kinds.get(i);
            }
            return new Program(k, chars.toString().toCharArray(), classes.toArray(new CharClass[0]));
        }
    }
}
