package dev.cordon.shell;

import java.util.List;

/**
 * The text a command writes to its output, when its words show it: {@code echo}, simple
 * {@code printf} formats and {@code cat} of a here-document or here-string. A shell that reads
 * this text from a pipe runs it, so it is parsed like a {@code bash -c} string.
 */
final class PipedText {

    private PipedText() {
    }

    /** The text, or null when it cannot be told from the command's words. */
    static Arg of(RawCommand command) {
        List<Word> words = command.words;
        if (words.isEmpty() || words.get(0).dynamic()) {
            return null;
        }
        return switch (Unwrapper.basename(words.get(0).value)) {
            case "echo" -> echo(words);
            case "printf" -> printf(words);
            case "cat" -> words.size() == 1 ? stdin(command) : null;
            default -> null;
        };
    }

    private static Arg echo(List<Word> words) {
        int i = 1;
        boolean escapes = false;
        while (i < words.size() && isEchoOption(words.get(i).value)) {
            escapes |= words.get(i).value.indexOf('e') >= 0;
            i++;
        }
        return joined(words, i, " ", escapes);
    }

    private static boolean isEchoOption(String word) {
        if (word.length() < 2 || word.charAt(0) != '-') {
            return false;
        }
        for (int i = 1; i < word.length(); i++) {
            if ("neE".indexOf(word.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code printf 'TEXT'}, {@code printf '%s' A B}, {@code printf '%s\n' A B}, {@code %b} alike. */
    private static Arg printf(List<Word> words) {
        int i = 1;
        if (i < words.size() && words.get(i).value.equals("--")) {
            i++;
        }
        if (i >= words.size()) {
            return null;
        }
        Word format = words.get(i);
        String f = format.value;
        if (f.indexOf('%') < 0) {
            return i + 1 == words.size() ? new Arg(Escapes.decode(f, 0, f.length()), format.unknown, false) : null;
        }
        return switch (f) {
            case "%s" -> joined(words, i + 1, "", false);
            case "%s\\n", "%s\\n\\n" -> joined(words, i + 1, "\n", false);
            case "%b" -> joined(words, i + 1, "", true);
            case "%b\\n" -> joined(words, i + 1, "\n", true);
            default -> null;
        };
    }

    private static Arg stdin(RawCommand command) {
        for (RawCommand.Redirect r : command.redirects) {
            if (r.fd() == 0 && r.heredoc() != null) {
                return Arg.literal(r.heredoc().body == null ? "" : r.heredoc().body);
            }
            if (r.fd() == 0 && r.operator().equals("<<<")) {
                return new Arg(r.target().value, r.target().unknown, false);
            }
        }
        return null;
    }

    /** {@code escapes}: decode backslash escapes, as {@code echo -e} and {@code %b} do. */
    private static Arg joined(List<Word> words, int from, String separator, boolean escapes) {
        StringBuilder text = new StringBuilder();
        boolean unknown = false;
        for (int i = from; i < words.size(); i++) {
            if (i > from) {
                text.append(separator);
            }
            String value = words.get(i).value;
            text.append(escapes ? Escapes.decode(value, 0, value.length()) : value);
            unknown |= words.get(i).unknown;
        }
        return new Arg(text.toString(), unknown, false);
    }
}
