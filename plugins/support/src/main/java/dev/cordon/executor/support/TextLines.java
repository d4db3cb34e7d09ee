package dev.cordon.executor.support;

/** The first line of a tool's output, for one-line messages such as a probe's summary. */
public final class TextLines {

    private TextLines() {
    }

    /** The first non-blank line's text, trimmed, or {@code whenEmpty} when there is none. */
    public static String first(String text, String whenEmpty) {
        String trimmed = text == null ? "" : text.strip();
        if (trimmed.isEmpty()) {
            return whenEmpty;
        }
        int newline = trimmed.indexOf('\n');
        return newline < 0 ? trimmed : trimmed.substring(0, newline).strip();
    }
}
