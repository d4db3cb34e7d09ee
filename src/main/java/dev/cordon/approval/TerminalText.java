package dev.cordon.approval;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes agent-supplied text safe to show on a terminal. A command line comes from the agent, so
 * it may carry escape sequences, carriage returns, bidirectional overrides or zero-width
 * characters that would make the terminal show something other than what will run, or a long
 * run of blanks that pushes the rest of the line out of sight. Hidden characters are printed as
 * visible escapes, long runs of blanks as a marker saying how long they are, and
 * {@link #notes} says what was changed, so the person approving knows what they are looking at.
 */
public final class TerminalText {

    /** Runs of blanks longer than this are shortened to a marker. */
    static final int MAX_BLANKS = 8;

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

    /**
     * What a reader of {@link #block} should know about the command line: hidden characters
     * shown as escapes, blanks shortened, a comment the shell does not run, several lines.
     * Empty when the text is shown as it is.
     */
    public static List<String> notes(String text) {
        List<String> notes = new ArrayList<>(0);
        if (text == null) {
            return notes;
        }
        int hidden = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            hidden += cp != '\n' && cp != '\t' && isHidden(cp) ? 1 : 0;
        }
        if (hidden > 0) {
            notes.add(hidden + (hidden == 1 ? " hidden character is" : " hidden characters are")
                    + " shown as an escape (\\x…, \\u…): the terminal would not have shown it as it is");
        }
        int runs = longBlankRuns(text);
        if (runs > 0) {
            notes.add(runs + (runs == 1 ? " run" : " runs") + " of blanks shortened to [N blanks]");
        }
        if (hasComment(text)) {
            notes.add("the text after an unquoted `#` is a comment: the shell does not run it");
        }
        long lines = text.chars().filter(c -> c == '\n').count() + 1;
        if (lines > 1) {
            notes.add(lines + " lines, all part of the request");
        }
        return notes;
    }

    private static String escape(String text, String indent) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int blanks = blanksAt(text, i);
            if (blanks > MAX_BLANKS) {
                out.append('[').append(blanks).append(" blanks]");
                i += blanks;
                continue;
            }
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

    private static int blanksAt(String text, int at) {
        int i = at;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i - at;
    }

    private static int longBlankRuns(String text) {
        int runs = 0;
        for (int i = 0; i < text.length(); ) {
            int blanks = blanksAt(text, i);
            runs += blanks > MAX_BLANKS ? 1 : 0;
            i += Math.max(1, blanks);
        }
        return runs;
    }

    /** An unquoted {@code #} that starts a word: a shell comment. Quotes are followed, nothing more. */
    private static boolean hasComment(String text) {
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\\') {
                i++;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || " \t\n;&|(".indexOf(text.charAt(i - 1)) >= 0)) {
                return true;
            }
        }
        return false;
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
