package dev.cordon.path;

import dev.cordon.path.GlobParser.CharClass;
import dev.cordon.path.GlobParser.Program;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether a shell pattern is aimed at a glob: a pattern such as {@code certs/*.pe?} that no file on
 * disk matches yet still names {@code x.pem} once one exists must be checked against a denied glob
 * as a set of paths, not as text.
 *
 * <p>"Aimed" rather than "overlaps": {@code *.txt} can match {@code credentials.txt}, but only
 * because its star stands for the whole secret name; it is aimed at a denied glob when some path
 * matches both and at least two of that path's letters or digits are written out in both
 * ({@code .pe?} and {@code *.pem}, {@code id_*} and {@code id_rsa}, {@code .ss?} and
 * {@code .ssh}). As the shell does, a wildcard of the pattern does not match a leading dot.
 *
 * <p>Runs both token programs in step over one imagined path; each combination of states is
 * visited once, so the cost is bounded by the product of the sizes.
 */
final class GlobOverlap {

    /** A state of one program: the token index, and whether a slash (or nothing) was just read. */
    private record State(int at, boolean edge) {
    }

    /** Both programs' states and how many letters both wrote out so far (capped). */
    private record Pair(State pattern, State glob, int shared) {
    }

    private static final int AIMED = 2;
    /** Characters tried when both sides accept a set of characters. */
    private static final String SAMPLES = "a.-_0Z";

    private GlobOverlap() {
    }

    /** Whether the shell pattern {@code pattern} is aimed at {@code glob}. */
    static boolean aimed(Program pattern, Program glob) {
        ArrayDeque<Pair> work = new ArrayDeque<>();
        Set<Pair> seen = new HashSet<>();
        for (State sa : closure(pattern, new State(0, true))) {
            for (State sb : closure(glob, new State(0, true))) {
                Pair p = new Pair(sa, sb, 0);
                if (seen.add(p)) {
                    work.add(p);
                }
            }
        }
        while (!work.isEmpty()) {
            Pair p = work.poll();
            if (p.shared() >= AIMED && accepts(pattern, p.pattern()) && accepts(glob, p.glob())) {
                return true;
            }
            for (char c : candidates(pattern, p.pattern(), glob, p.glob())) {
                State na = step(pattern, p.pattern(), c, true);
                State nb = step(glob, p.glob(), c, false);
                if (na == null || nb == null) {
                    continue;
                }
                boolean bothWritten = Character.isLetterOrDigit(c) && isChar(pattern, p.pattern()) && isChar(glob, p.glob());
                int shared = Math.min(AIMED, p.shared() + (bothWritten ? 1 : 0));
                for (State ca : closure(pattern, na)) {
                    for (State cb : closure(glob, nb)) {
                        Pair next = new Pair(ca, cb, shared);
                        if (seen.add(next)) {
                            work.add(next);
                        }
                    }
                }
            }
        }
        return false;
    }

    private static boolean isChar(Program p, State s) {
        return s.at() < p.size() && p.kinds()[s.at()] == GlobParser.CHAR;
    }

    /** The characters worth trying from this pair of states: those either side names, a slash, samples. */
    private static Set<Character> candidates(Program a, State sa, Program b, State sb) {
        Set<Character> out = new HashSet<>();
        name(a, sa, out);
        name(b, sb, out);
        out.add('/');
        for (int i = 0; i < SAMPLES.length(); i++) {
            out.add(SAMPLES.charAt(i));
        }
        return out;
    }

    private static void name(Program p, State s, Set<Character> out) {
        if (s.at() >= p.size()) {
            return;
        }
        byte kind = p.kinds()[s.at()];
        if (kind == GlobParser.CHAR) {
            out.add(p.chars()[s.at()]);
        } else if (kind == GlobParser.CLASS) {
            CharClass cls = p.classes()[s.at()];
            for (int i = 0; i < cls.from().length; i++) {
                out.add(cls.from()[i]);
                out.add(cls.to()[i]);
            }
        }
    }

    /**
     * The state after reading {@code c}, or null when the token cannot read it. In a shell
     * pattern ({@code shell}) a wildcard does not read the dot that starts a name.
     */
    private static State step(Program p, State s, char c, boolean shell) {
        if (s.at() >= p.size()) {
            return null;
        }
        int at = s.at();
        byte kind = p.kinds()[at];
        if (shell && c == '.' && s.edge() && kind != GlobParser.CHAR) {
            return null;
        }
        return switch (kind) {
            case GlobParser.CHAR -> p.chars()[at] == c ? new State(at + 1, c == '/') : null;
            case GlobParser.ANY -> c != '/' ? new State(at + 1, false) : null;
            case GlobParser.CLASS -> p.classes()[at].matches(c, false) ? new State(at + 1, false) : null;
            case GlobParser.STAR -> c != '/' ? new State(at, false) : null;
            case GlobParser.DIRS -> new State(at, c == '/');
            case GlobParser.TAIL -> s.edge() || c == '/' ? new State(at, true) : null;
            case GlobParser.ALL -> new State(at, false);
            default -> null;
        };
    }

    /** The states reachable without reading: past a star, past {@code **}{@code /} at a segment edge. */
    private static Set<State> closure(Program p, State start) {
        Set<State> out = new HashSet<>();
        ArrayDeque<State> work = new ArrayDeque<>();
        work.add(start);
        while (!work.isEmpty()) {
            State s = work.poll();
            if (!out.add(s) || s.at() >= p.size()) {
                continue;
            }
            byte kind = p.kinds()[s.at()];
            if (kind == GlobParser.STAR || kind == GlobParser.ALL || (kind == GlobParser.DIRS && s.edge())) {
                work.add(new State(s.at() + 1, s.edge()));
            }
        }
        return out;
    }

    private static boolean accepts(Program p, State s) {
        if (s.at() == p.size()) {
            return true;
        }
        byte kind = p.kinds()[s.at()];
        return s.at() == p.size() - 1 && (kind == GlobParser.TAIL || kind == GlobParser.ALL || kind == GlobParser.STAR);
    }
}
