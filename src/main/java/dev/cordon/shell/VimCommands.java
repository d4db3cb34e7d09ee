package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands in vim's Ex commands ({@code vim -c CMD}, {@code +CMD}): {@code :!cmd},
 * {@code :r !cmd}, {@code :w !cmd}, {@code :terminal cmd}, and string literals passed to
 * {@code system()} or {@code systemlist()}.
 */
final class VimCommands {

    private VimCommands() {
    }

    static List<String> shellCommands(String command) {
        List<String> out = new ArrayList<>(1);
        String rest = command;
        while (!rest.isEmpty()) {
            String c = rest.strip();
            // `:!cmd` takes the rest of the line, bars included; other commands end at a bar.
            int bar = bangAt(c) ? -1 : c.indexOf('|');
            rest = bar < 0 ? "" : c.substring(bar + 1);
            c = bar < 0 ? c : c.substring(0, bar).strip();
            while (c.startsWith(":")) {
                c = c.substring(1).strip();
            }
            for (String modifier : new String[] {"silent!", "silent", "exe", "execute", "keepalt", "noautocmd"}) {
                if (c.startsWith(modifier + " ") || c.equals(modifier)) {
                    c = c.substring(modifier.length()).strip();
                }
            }
            c = unquoteExecute(c);
            if (c.startsWith("!")) {
                out.add(c.substring(1));
            } else if (startsWithWord(c, "r", "read", "w", "write", "'<,'>w", "%w", "%!", ".!")
                    && c.indexOf('!') >= 0) {
                out.add(c.substring(c.indexOf('!') + 1));
            } else if (startsWithWord(c, "term", "terminal", "te")) {
                out.add(c.substring(c.indexOf(' ') + 1));
            }
            out.addAll(systemCalls(c));
        }
        return out;
    }

    /** Whether the Ex command starts, after colons and modifiers, with a shell escape. */
    private static boolean bangAt(String c) {
        String s = c;
        while (s.startsWith(":") || s.startsWith(" ")) {
            s = s.substring(1);
        }
        for (String modifier : new String[] {"silent!", "silent"}) {
            if (s.startsWith(modifier + " ")) {
                s = s.substring(modifier.length()).strip();
            }
        }
        return s.startsWith("!") || s.startsWith("r !") || s.startsWith("r!") || s.startsWith("read !")
                || s.startsWith("w !") || s.startsWith("w!") || s.startsWith("write !") || s.startsWith("%!");
    }

    /** {@code exe "!cmd"}: the string an {@code execute} runs. */
    private static String unquoteExecute(String c) {
        if (c.length() > 1 && (c.charAt(0) == '"' || c.charAt(0) == '\'') && c.charAt(c.length() - 1) == c.charAt(0)) {
            return c.substring(1, c.length() - 1);
        }
        return c;
    }

    private static boolean startsWithWord(String c, String... words) {
        for (String w : words) {
            if (c.startsWith(w + " ") || c.startsWith(w + "!") || c.equals(w)) {
                return true;
            }
        }
        return false;
    }

    /** String literals passed to {@code system(…)} or {@code systemlist(…)}. */
    private static List<String> systemCalls(String c) {
        List<String> out = new ArrayList<>(0);
        int at = 0;
        while ((at = c.indexOf("system", at)) >= 0) {
            int open = c.indexOf('(', at);
            at += 6;
            if (open < 0) {
                break;
            }
            String between = c.substring(at, open).strip();
            if (!between.isEmpty() && !between.equals("list")) {
                continue;
            }
            int q = open + 1;
            while (q < c.length() && c.charAt(q) == ' ') {
                q++;
            }
            if (q < c.length() && (c.charAt(q) == '"' || c.charAt(q) == '\'')) {
                int close = c.indexOf(c.charAt(q), q + 1);
                if (close > q) {
                    out.add(c.substring(q + 1, close));
                }
            } else {
                out.add("$VIM_EXPRESSION");
            }
        }
        return out;
    }
}
