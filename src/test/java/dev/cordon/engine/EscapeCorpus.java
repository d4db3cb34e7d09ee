package dev.cordon.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The escape attempts and look-alikes of {@code escapes.corpus}: one entry per {@code !} or
 * {@code +} line, with the class it belongs to.
 */
final class EscapeCorpus {

    /**
     * @param group the class of escape ({@code == name})
     * @param attack true for an attack ({@code !}), false for a look-alike ({@code +})
     * @param command the command line, escapes decoded
     * @param cwd the working directory relative to the workspace, empty for the workspace
     * @param line the line of the corpus file
     */
    record Entry(String group, boolean attack, String command, String cwd, int line) {

        @Override
        public String toString() {
            return (attack ? "! " : "+ ") + (cwd.isEmpty() ? "" : "[cwd=" + cwd + "] ") + command;
        }
    }

    private EscapeCorpus() {
    }

    static List<Entry> read() {
        try (InputStream in = EscapeCorpus.class.getResourceAsStream("escapes.corpus")) {
            if (in == null) {
                throw new IllegalStateException("escapes.corpus is missing from the test resources");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Entry> parse(String text) {
        List<Entry> entries = new ArrayList<>();
        String group = "";
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("== ")) {
                group = line.substring(3).strip();
            } else if (line.startsWith("! ") || line.startsWith("+ ")) {
                String command = line.substring(2);
                String cwd = "";
                if (command.startsWith("[cwd=")) {
                    int close = command.indexOf("] ");
                    cwd = command.substring(5, close);
                    command = command.substring(close + 2);
                }
                entries.add(new Entry(group, line.charAt(0) == '!', decode(command), cwd, i + 1));
            } else if (!line.isBlank() && !line.startsWith("#")) {
                throw new IllegalArgumentException("escapes.corpus:" + (i + 1) + ": cannot read `" + line + "`");
            }
        }
        return entries;
    }

    /** {@code ⏎} is a newline, {@code «1b»} the character with that code point. */
    private static String decode(String command) {
        StringBuilder out = new StringBuilder(command.length());
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            int close = c == '«' ? command.indexOf('»', i) : -1;
            if (c == '⏎') {
                out.append('\n');
            } else if (close > i) {
                out.appendCodePoint(Integer.parseInt(command.substring(i + 1, close), 16));
                i = close;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
