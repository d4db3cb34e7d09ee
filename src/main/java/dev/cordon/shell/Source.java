package dev.cordon.shell;

/** The text being read, a cursor into it, and a label saying where the text came from. */
final class Source {

    final String text;
    final String label;
    int pos;

    Source(String text, String label) {
        this.text = text;
        this.label = label;
    }

    /** The character at the cursor, or -1 at the end. */
    int peek() {
        return at(pos);
    }

    /** The character at {@code index}, or -1 past the end. */
    int at(int index) {
        return index >= 0 && index < text.length() ? text.charAt(index) : -1;
    }

    int length() {
        return text.length();
    }

    String slice(int from, int to) {
        int end = Math.min(to, text.length());
        return from >= end ? "" : text.substring(from, end);
    }

    /** {@code line:col} of an offset, both 1-based; only computed for messages. */
    String where(int offset) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, text.length());
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return line + ":" + (end - lineStart + 1);
    }
}
