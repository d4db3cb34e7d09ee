package dev.cordon.shell;

/**
 * GNU sed's commands that run a shell: {@code e COMMAND} runs COMMAND; {@code e} alone and the
 * {@code e} flag of {@code s///} run the pattern space, text cordon cannot see.
 */
final class SedScripts {

    private SedScripts() {
    }

    /** The command a statement runs, empty when it runs text cordon cannot see, null when none. */
    static String shellCommand(String statement) {
        String s = withoutAddress(statement.strip());
        if (s.equals("e")) {
            return "";
        }
        if (s.startsWith("e ") || s.startsWith("e\t")) {
            return s.substring(2).strip();
        }
        if (s.length() > 3 && s.charAt(0) == 's') {
            char delimiter = s.charAt(1);
            int separators = 0;
            int i = 2;
            for (; i < s.length() && separators < 2; i++) {
                if (s.charAt(i) == '\\') {
                    i++;
                } else if (s.charAt(i) == delimiter) {
                    separators++;
                }
            }
            if (separators == 2 && s.substring(i).indexOf('e') >= 0) {
                return "";
            }
        }
        return null;
    }

    /** Drops a leading address: line numbers, {@code $}, {@code /regex/}, ranges and {@code !}. */
    private static String withoutAddress(String s) {
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isDigit(c) || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ' || c == '!') {
                i++;
            } else if (c == '/' || (c == '\\' && i + 1 < s.length())) {
                char delimiter = c == '/' ? '/' : s.charAt(i + 1);
                int j = i + (c == '/' ? 1 : 2);
                while (j < s.length() && s.charAt(j) != delimiter) {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
            } else {
                break;
            }
        }
        return i >= s.length() ? "" : s.substring(i);
    }
}
