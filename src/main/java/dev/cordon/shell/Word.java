package dev.cordon.shell;

import java.util.List;

/**
 * One shell word after quote removal and the expansions cordon can do itself.
 *
 * <p>{@code braces} holds the positions in {@code value} of the unquoted {@code {}, {@code ,} and
 * {@code }} that brace expansion may act on, and {@code splits} those of the characters where
 * field splitting ends a field (a known unquoted expansion held a blank); each is null when
 * there are none.
 */
final class Word {

    final String value;
    final String raw;
    final int start;
    final int end;
    final boolean quoted;
    final boolean unknown;
    final boolean glob;
    final int[] braces;
    final int[] splits;
    /** A variable with several possible values stands in the word: it is one word per value. */
    final boolean choice;
    /** The words of an array literal {@code NAME=(…)}, or null. */
    final List<Word> elements;

    Word(String value, String raw, int start, int end, boolean quoted, boolean unknown, boolean glob,
            int[] braces, int[] splits, boolean choice, List<Word> elements) {
        this.value = value;
        this.raw = raw;
        this.start = start;
        this.end = end;
        this.quoted = quoted;
        this.unknown = unknown;
        this.glob = glob;
        this.braces = braces;
        this.splits = splits;
        this.choice = choice;
        this.elements = elements == null ? null : List.copyOf(elements);
    }

    Word(String value, String raw, int start, int end, boolean quoted, boolean unknown, boolean glob,
            int[] braces) {
        this(value, raw, start, end, quoted, unknown, glob, braces, null, false, null);
    }

    /** A word made of operator text, as seen inside {@code [[ … ]]}. */
    static Word literal(String text, int start, int end) {
        return new Word(text, text, start, end, false, false, false, null);
    }

    /** As a program word: its name is not a literal. */
    boolean dynamic() {
        return unknown || glob;
    }

    /** Whether brace expansion or field splitting may make several words of it. */
    boolean expands() {
        return braces != null || splits != null;
    }

    /** True when the word is exactly {@code keyword}, unquoted: how reserved words are recognised. */
    boolean is(String keyword) {
        return raw.equals(keyword);
    }

    @Override
    public String toString() {
        return raw;
    }
}
