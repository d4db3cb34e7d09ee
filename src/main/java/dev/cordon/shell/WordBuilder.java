package dev.cordon.shell;

import java.util.Arrays;

/** Accumulates a {@link Word} while its characters are read. */
final class WordBuilder {

    private final StringBuilder value = new StringBuilder();
    private boolean quoted;
    private boolean unknown;
    private boolean glob;
    private int[] braces;
    private int braceCount;
    /** The last character appended unquoted, or -1; extended globs such as {@code @(…)} need it. */
    int lastUnquoted = -1;
    /** The word so far is {@code NAME=} or {@code NAME+=}: tilde may follow {@code =} and {@code :}. */
    boolean assignment;
    boolean sawEquals;
    private boolean bracketOpen;

    void literal(char c) {
        value.append(c);
        lastUnquoted = c;
    }

    void quotedChar(char c) {
        value.append(c);
        quoted = true;
        lastUnquoted = -1;
    }

    void quotedText(String text) {
        value.append(text);
        quoted = true;
        lastUnquoted = -1;
    }

    /** The value of an expansion cordon knows (e.g. {@code $HOME}). */
    void expanded(String text) {
        value.append(text);
        lastUnquoted = -1;
    }

    /** An expansion whose value is not known here; its source text stands in for it. */
    void unknown(String text) {
        value.append(text);
        unknown = true;
        lastUnquoted = -1;
    }

    void markQuoted() {
        quoted = true;
    }

    void markGlob() {
        glob = true;
    }

    void brace(char c) {
        if (braces == null) {
            braces = new int[4];
        } else if (braceCount == braces.length) {
            braces = Arrays.copyOf(braces, braceCount * 2);
        }
        braces[braceCount++] = value.length();
        literal(c);
    }

    void glob(char c) {
        glob = true;
        literal(c);
    }

    /** {@code [} starts a pattern only when an unquoted {@code ]} closes it: {@code [[} is a word. */
    void openBracket() {
        bracketOpen = true;
        literal('[');
    }

    void closeBracket() {
        glob |= bracketOpen;
        literal(']');
    }

    Word build(Source src, int start, int end) {
        int[] active = braceCount == 0 ? null : Arrays.copyOf(braces, braceCount);
        return new Word(value.toString(), src.slice(start, end), start, end, quoted, unknown, glob, active);
    }
}
