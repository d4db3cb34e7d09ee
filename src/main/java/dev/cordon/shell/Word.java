package dev.cordon.shell;

/**
 * One shell word after quote removal and the expansions cordon can do itself.
 *
 * <p>{@code braces} holds the positions in {@code value} of the unquoted {@code {}, {@code ,} and
 * {@code }} that brace expansion may act on; it is null when there are none.
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

    Word(String value, String raw, int start, int end, boolean quoted, boolean unknown, boolean glob,
            int[] braces) {
        this.value = value;
        this.raw = raw;
        this.start = start;
        this.end = end;
        this.quoted = quoted;
        this.unknown = unknown;
        this.glob = glob;
        this.braces = braces;
    }

    /** A word made of operator text, as seen inside {@code [[ … ]]}. */
    static Word literal(String text, int start, int end) {
        return new Word(text, text, start, end, false, false, false, null);
    }

    /** As a program word: its name is not a literal. */
    boolean dynamic() {
        return unknown || glob;
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
