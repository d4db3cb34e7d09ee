package dev.cordon.path;

import dev.cordon.path.GlobParser.Program;
import java.util.List;

/**
 * A compiled glob over normalised paths.
 *
 * <ul>
 *   <li>{@code **} as a whole segment: any number of segments, zero included, so
 *       {@code **}{@code /.env} matches {@code /a/.env} and {@code .env}, and {@code /w/**}
 *       matches {@code /w} itself
 *   <li>{@code *}: any characters within one segment; {@code ?}: one character
 *   <li>{@code [abc]}, {@code [a-z]}, {@code [!abc]}: one character of (or not of) a set
 *   <li>{@code {a,b}}: alternatives, nested allowed; {@code \} escapes the next character
 * </ul>
 *
 * A pattern without {@code /} matches only that relative name: to match a file name anywhere,
 * write {@code **}{@code /name}. Matching is case-sensitive, except that a Windows drive or UNC
 * path is compared ignoring ASCII case, as Windows opens it.
 *
 * <p>Matching runs the pattern as a small automaton over the path, so its cost is at most
 * pattern length times path length, whatever the pattern: no backtracking.
 */
public final class Glob {

    private enum Shape {
        /** No wildcard: the path must equal the literal. */
        EXACT,
        /** {@code **}{@code /literal} */
        SUFFIX,
        /** {@code literal/**} */
        PREFIX,
        /** {@code **}{@code /literal/**} */
        SEGMENTS,
        GENERAL
    }

    /** Programs with at most this many tokens run on a {@code long} bit set of states. */
    private static final int SMALL = 31;

    private final String pattern;
    private final List<Program> programs;
    private final Shape[] shapes;
    private final String[] literals;
    /** Per program: for each state, the states reachable from it without input; null when large. */
    private final long[][] closures;

    private Glob(String pattern, List<Program> programs) {
        this.pattern = pattern;
        this.programs = programs;
        this.shapes = new Shape[programs.size()];
        this.literals = new String[programs.size()];
        this.closures = new long[programs.size()][];
        for (int i = 0; i < programs.size(); i++) {
            classify(i, programs.get(i));
            if (shapes[i] == Shape.GENERAL && programs.get(i).size() <= SMALL) {
                closures[i] = closures(programs.get(i));
            }
        }
    }

    /**
     * Compiles a pattern.
     *
     * @throws InvalidGlobException for an empty pattern, an unclosed {@code [} or {@code {}, an
     *     unmatched {@code }}, a reversed range, a trailing backslash, a {@code /} inside
     *     {@code [...]}, {@code **} mixed with other characters in a segment, or too many
     *     alternatives
     */
    public static Glob compile(String pattern) {
        return new Glob(pattern, List.copyOf(GlobParser.parse(pattern)));
    }

    public String pattern() {
        return pattern;
    }

    /** Whether the normalised path matches. */
    public boolean matches(String path) {
        boolean fold = PathNormalizer.isWindowsPath(path);
        for (int i = 0; i < programs.size(); i++) {
            if (matches(i, path, fold)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every alternative can match an absolute path: it starts with {@code /} (as
     * {@code /**} does), a drive ({@code c:/}) or {@code **}. A pattern that is not anchored never matches a normalised
     * absolute path, so in a deny list it would be a silent no-op.
     */
    public boolean anchored() {
        for (Program program : programs) {
            byte first = program.kinds()[0];
            String prefix = program.literalPrefix();
            boolean drive = prefix.length() >= 3 && prefix.charAt(1) == ':' && prefix.charAt(2) == '/';
            boolean rooted = first == GlobParser.DIRS || first == GlobParser.ALL || first == GlobParser.TAIL;
            if (!rooted && !prefix.startsWith("/") && !drive) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every path this glob matches is surely matched by {@code outer} too. Conservative:
     * true only when the two are the same pattern, {@code outer} is {@code **}, or {@code outer}
     * is {@code DIR/**} and every alternative of this glob starts with {@code DIR/} (or is
     * {@code DIR} itself) before its first wildcard.
     */
    public boolean isWithin(Glob outer) {
        if (outer.pattern.equals(pattern)) {
            return true;
        }
        if (outer.programs.size() != 1) {
            return false;
        }
        Program shell = outer.programs.get(0);
        if (shell.size() == 1 && shell.kinds()[0] == GlobParser.ALL) {
            return true;
        }
        if (outer.shapes[0] != Shape.PREFIX) {
            return false;
        }
        String dir = outer.literals[0];
        for (Program program : programs) {
            String prefix = program.literalPrefix();
            int literalLength = program.literalLength();
            boolean below = prefix.startsWith(dir + "/");
            boolean itself = prefix.equals(dir)
                    && (literalLength == program.size() || program.kinds()[literalLength] == GlobParser.TAIL);
            if (!below && !itself) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether this glob, read as a shell pattern ({@code /w/*.pe?}), is aimed at {@code other} (a
     * denied glob such as {@code **}{@code /*.pem}): see {@link GlobOverlap}.
     */
    public boolean aimedAt(Glob other) {
        for (Program mine : programs) {
            for (Program theirs : other.programs) {
                if (GlobOverlap.aimed(mine, theirs)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Glob glob && glob.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return pattern;
    }

    private void classify(int index, Program program) {
        byte[] kinds = program.kinds();
        int n = kinds.length;
        boolean leadingDirs = kinds[0] == GlobParser.DIRS;
        boolean trailingTail = kinds[n - 1] == GlobParser.TAIL;
        int start = leadingDirs ? 1 : 0;
        int end = trailingTail ? n - 1 : n;
        for (int i = start; i < end; i++) {
            if (kinds[i] != GlobParser.CHAR) {
                shapes[index] = Shape.GENERAL;
                return;
            }
        }
        if (start > end) {
            shapes[index] = Shape.GENERAL;
            return;
        }
        literals[index] = new String(program.chars(), start, end - start);
        if (leadingDirs && trailingTail) {
            shapes[index] = Shape.SEGMENTS;
        } else if (leadingDirs) {
            shapes[index] = Shape.SUFFIX;
        } else if (trailingTail) {
            shapes[index] = Shape.PREFIX;
        } else {
            shapes[index] = Shape.EXACT;
        }
    }

    private boolean matches(int index, String path, boolean fold) {
        String literal = literals[index];
        return switch (shapes[index]) {
            case EXACT -> same(path, 0, literal, fold) && path.length() == literal.length();
            case SUFFIX -> equalsAt(path, literal, fold) || endsWithSegment(path, literal, fold);
            case PREFIX -> equalsAt(path, literal, fold) || startsWithSegment(path, literal, fold);
            case SEGMENTS -> equalsAt(path, literal, fold)
                    || startsWithSegment(path, literal, fold)
                    || endsWithSegment(path, literal, fold)
                    || containsSegment(path, literal, fold);
            case GENERAL -> closures[index] != null
                    ? runSmall(programs.get(index), closures[index], path, fold)
                    : run(programs.get(index), path, fold);
        };
    }

    private static long[] closures(Program program) {
        int states = 2 * program.size() + 1;
        long[] out = new long[states];
        for (int state = 0; state < states; state++) {
            boolean[] reached = new boolean[states];
            enter(program, reached, state);
            for (int target = 0; target < states; target++) {
                if (reached[target]) {
                    out[state] |= 1L << target;
                }
            }
        }
        return out;
    }

    /** {@link #run} on a bit set: the same automaton without allocating. */
    private static boolean runSmall(Program program, long[] closure, String path, boolean fold) {
        int n = program.size();
        byte[] kinds = program.kinds();
        char[] chars = program.chars();
        long current = closure[0];
        for (int k = 0; k < path.length(); k++) {
            char c = path.charAt(k);
            long next = 0;
            long bits = current;
            while (bits != 0) {
                int state = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (state == n) {
                    continue;
                }
                boolean inside = state > n;
                int token = inside ? state - n - 1 : state;
                switch (kinds[token]) {
                    case GlobParser.CHAR -> {
                        char expected = chars[token];
                        if (c == expected || (fold && Character.toLowerCase(c) == Character.toLowerCase(expected))) {
                            next |= closure[token + 1];
                        }
                    }
                    case GlobParser.ANY -> next |= c != '/' ? closure[token + 1] : 0;
                    case GlobParser.CLASS -> next |= program.classes()[token].matches(c, fold) ? closure[token + 1] : 0;
                    case GlobParser.STAR -> next |= c != '/' ? closure[token] : 0;
                    case GlobParser.DIRS -> next |= closure[n + 1 + token] | (c == '/' ? closure[token + 1] : 0);
                    case GlobParser.TAIL -> next |= inside || c == '/' ? closure[n + 1 + token] : 0;
                    case GlobParser.ALL -> next |= closure[token];
                    default -> throw new IllegalStateException("unknown glob token " + kinds[token]);
                }
            }
            if (next == 0) {
                return false;
            }
            current = next;
        }
        return (current & (1L << n)) != 0;
    }

    private static boolean equalsAt(String path, String literal, boolean fold) {
        return path.length() == literal.length() && same(path, 0, literal, fold);
    }

    /** {@code path} is {@code something/literal}. */
    private static boolean endsWithSegment(String path, String literal, boolean fold) {
        int at = path.length() - literal.length();
        return at >= 1 && path.charAt(at - 1) == '/' && same(path, at, literal, fold);
    }

    /** {@code path} is {@code literal/something}. */
    private static boolean startsWithSegment(String path, String literal, boolean fold) {
        return path.length() > literal.length()
                && path.charAt(literal.length()) == '/'
                && same(path, 0, literal, fold);
    }

    /** {@code path} is {@code a/literal/b}. */
    private static boolean containsSegment(String path, String literal, boolean fold) {
        if (!fold) {
            int at = path.indexOf(literal, 1);
            while (at > 0) {
                int end = at + literal.length();
                if (path.charAt(at - 1) == '/' && end < path.length() && path.charAt(end) == '/') {
                    return true;
                }
                at = path.indexOf(literal, at + 1);
            }
            return false;
        }
        int last = path.length() - literal.length() - 1;
        for (int at = 1; at <= last; at++) {
            if (path.charAt(at - 1) == '/'
                    && path.charAt(at + literal.length()) == '/'
                    && same(path, at, literal, fold)) {
                return true;
            }
        }
        return false;
    }

    private static boolean same(String path, int offset, String literal, boolean fold) {
        return path.regionMatches(fold, offset, literal, 0, literal.length());
    }

    /**
     * Simulates the automaton: state {@code i < n} is "before token i", {@code n} accepts, and
     * {@code n + 1 + i} is "inside" a {@code **} token that has started consuming.
     */
    private static boolean run(Program program, String path, boolean fold) {
        int n = program.size();
        boolean[] current = new boolean[2 * n + 1];
        boolean[] next = new boolean[2 * n + 1];
        enter(program, current, 0);
        for (int k = 0; k < path.length(); k++) {
            char c = path.charAt(k);
            java.util.Arrays.fill(next, false);
            boolean alive = false;
            for (int state = 0; state < current.length; state++) {
                if (current[state]) {
                    alive |= step(program, state, c, fold, next);
                }
            }
            if (!alive) {
                return false;
            }
            boolean[] swap = current;
            current = next;
            next = swap;
        }
        return current[n];
    }

    private static boolean step(Program program, int state, char c, boolean fold, boolean[] next) {
        int n = program.size();
        if (state == n) {
            return false;
        }
        boolean inside = state > n;
        int token = inside ? state - n - 1 : state;
        int after = token + 1;
        int within = n + 1 + token;
        switch (program.kinds()[token]) {
            case GlobParser.CHAR -> {
                char expected = program.chars()[token];
                if (c == expected || (fold && Character.toLowerCase(c) == Character.toLowerCase(expected))) {
                    return enter(program, next, after);
                }
                return false;
            }
            case GlobParser.ANY -> {
                return c != '/' && enter(program, next, after);
            }
            case GlobParser.CLASS -> {
                return program.classes()[token].matches(c, fold) && enter(program, next, after);
            }
            case GlobParser.STAR -> {
                return c != '/' && enter(program, next, token);
            }
            case GlobParser.DIRS -> {
                enter(program, next, within);
                if (c == '/') {
                    enter(program, next, after);
                }
                return true;
            }
            case GlobParser.TAIL -> {
                if (inside || c == '/') {
                    return enter(program, next, within);
                }
                return false;
            }
            case GlobParser.ALL -> {
                return enter(program, next, token);
            }
            default -> throw new IllegalStateException("unknown glob token " + program.kinds()[token]);
        }
    }

    /** Adds a state and everything reachable from it without consuming a character. */
    private static boolean enter(Program program, boolean[] states, int state) {
        if (states[state]) {
            return true;
        }
        states[state] = true;
        int n = program.size();
        if (state < n) {
            byte kind = program.kinds()[state];
            if (kind == GlobParser.STAR || kind == GlobParser.DIRS || kind == GlobParser.TAIL
                    || kind == GlobParser.ALL) {
                enter(program, states, state + 1);
            }
        } else if (state > n && program.kinds()[state - n - 1] == GlobParser.TAIL) {
            enter(program, states, state - n);
        }
        return true;
    }
}
