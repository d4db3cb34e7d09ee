package dev.cordon.approval;

/**
 * Makes agent-supplied text safe to show on a terminal. A command line comes from the agent, so
 * it may carry escape sequences, carriage returns or bidirectional overrides that would make the
 * terminal show something other than what will run; those are printed as visible escapes.
 */
public final class TerminalText {

    private TerminalText() {
    }

    /** The text on one line: line breaks too are shown as escapes. */
    public static String line(String text) {
        return escape(text, null);
    }

    /** The text with its line breaks kept, each following line starting with {@code indent}. */
    public static String block(String text, String indent) {
        return escape(text, indent);
    }

    private static String escape(String text, String indent) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\n' && indent != null) {
                out.append('\n').append(indent);
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (isHidden(cp)) {
                out.append(cp <= 0xff ? String.format("\\x%02x", cp) : String.format("\\u%04x", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    /** Controls, and invisible format characters such as bidi overrides and zero-width spaces. */
    private static boolean isHidden(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.UNASSIGNED
                || type == Character.PRIVATE_USE
                || type == Character.SURROGATE;
    }
}
