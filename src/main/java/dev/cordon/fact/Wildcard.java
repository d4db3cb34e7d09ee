package dev.cordon.fact;

import java.util.regex.Pattern;

/**
 * A wildcard over a whole command line: {@code *} is any text, {@code ?} one character. This is
 * not a path glob ({@code /} is an ordinary character in a command line).
 */
public final class Wildcard {

    private Wildcard() {
    }

    public static Pattern compile(String wildcard) {
        StringBuilder regex = new StringBuilder(wildcard.length() + 16);
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < wildcard.length(); i++) {
            char ch = wildcard.charAt(i);
            if (ch == '*' || ch == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(ch == '*' ? ".*" : ".");
            } else {
                literal.append(ch);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /** Whether the text looks like a wildcard rather than a plain substring. */
    public static boolean isWildcard(String text) {
        return text.indexOf('*') >= 0 || text.indexOf('?') >= 0;
    }
}
