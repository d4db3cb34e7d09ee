package dev.cordon.shell;

import java.util.Arrays;
import java.util.List;

/** Accumulates a {@link Word} while its characters are read. */
final class WordBuilder {

    private final StringBuilder value = new StringBuilder();
    private boolean quoted;
    private boolean unknown;
    private boolean glob;
    private boolean choice;
    private int[] braces;
    private int braceCount;
    private int[] splits;
    private int splitCount;
    private List<Word> elements;
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

    /** The value of an expansion cordon knows (e.g. {@code $HOME}) inside quotes: taken as it is. */
    void expanded(String text) {
        value.append(text);
        lastUnquoted = -1;
    }

    /**
     * The value of an unquoted expansion cordon knows: split into fields at the characters of
     * {@code ifs}, and a pattern when it holds wildcards, as the shell does.
     */
    void expandedUnquoted(String text, String ifs) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (ifs.indexOf(c) >= 0) {
                split();
            } else {
                value.append(c);
                glob |= c == '*' || c == '?' || c == '[';
            }
        }
        lastUnquoted = -1;
    }

    /** Ends the field here, as between the elements of {@code "$@"}. */
    void split() {
        if (splits == null) {
            splits = new int[4];
        } else if (splitCount == splits.length) {
            splits = Arrays.copyOf(splits, splitCount * 2);
        }
        splits[splitCount++] = value.length();
        value.append(' ');
    }

    /**
     * One of several texts, each taken literally: the word stands for one word per text, as a
     * brace expansion does.
     */
    void alternatives(List<String> texts, boolean quotedContext, String ifs) {
        choice = true;
        brace('{');
        for (int i = 0; i < texts.size(); i++) {
            if (i > 0) {
                brace(',');
            }
            if (quotedContext || ifs == null) {
                expanded(texts.get(i));
            } else {
                expandedUnquoted(texts.get(i), ifs);
            }
        }
        brace('}');
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

    void markUnknown() {
        unknown = true;
    }

    /** The words of an array literal {@code NAME=(…)}. */
    void elements(List<Word> words) {
        elements = words;
    }

    void brace(char c) {
        if (braces == null) {
            braces = new int[4];
        } else if (braceCount == braces.length) {
            braces = Arrays.copyOf(braces, braceCount * 2);
        }
        braces[braceCount++] = value.length();
        value.append(c);
        lastUnquoted = c;
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

    /** The text read so far, and whether it depends on something unknown. */
    String text() {
        return value.toString();
    }

    boolean isUnknown() {
        return unknown;
    }

    Word build(Source src, int start, int end) {
        int[] activeBraces = braceCount == 0 ? null : Arrays.copyOf(braces, braceCount);
        int[] activeSplits = splitCount == 0 ? null : Arrays.copyOf(splits, splitCount);
        return new Word(value.toString(), src.slice(start, end), start, end, quoted, unknown, glob, activeBraces,
                activeSplits, choice, elements);
    }
}
