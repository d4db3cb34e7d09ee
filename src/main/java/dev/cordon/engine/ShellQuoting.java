package dev.cordon.engine;

import java.util.List;

/** Joins an argument vector into one shell command line that a shell would split back into it. */
public final class ShellQuoting {

    private ShellQuoting() {
    }

    public static String join(List<String> argv) {
        StringBuilder line = new StringBuilder();
        for (String word : argv) {
            if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(quote(word));
        }
        return line.toString();
    }

    /** A word made of safe characters stays as is; anything else is single-quoted. */
    public static String quote(String word) {
        if (word.isEmpty()) {
            return "''";
        }
        for (int i = 0; i < word.length(); i++) {
            if (!safe(word.charAt(i))) {
                return "'" + word.replace("'", "'\\''") + "'";
            }
        }
        return word;
    }

    private static boolean safe(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')
                || "_@%+=:,./-".indexOf(ch) >= 0;
    }
}
