package dev.cordon.hook.settings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Codex's hook switch in {@code config.toml}: {@code [features] codex_hooks = true} (newer Codex
 * also reads {@code hooks}, and has hooks on by default). cordon edits the file line by line — no
 * TOML library is at hand — and marks every line it adds, so that uninstall removes exactly those.
 * What it cannot read with confidence it refuses to touch.
 */
final class TomlFeature {

    static final String MARK = "# added by cordon hook install";
    private static final Pattern HEADER = Pattern.compile("\\s*\\[\\[?\\s*([^\\]]+?)\\s*\\]\\]?\\s*(#.*)?");
    private static final Pattern KEY = Pattern.compile("\\s*([A-Za-z0-9_.\"'-]+)\\s*=.*");
    private static final Pattern FLAG = Pattern.compile("\\s*(features\\.)?(codex_hooks|hooks)\\s*=\\s*(true|false)\\s*(#.*)?");

    /**
     * The flag's state.
     *
     * @param on whether hooks are on by an explicit line
     * @param line the 1-based line that sets it, 0 when none does
     */
    record State(boolean on, int line) {
    }

    private TomlFeature() {
    }

    static State state(String text, Path file) {
        List<String> lines = lines(text, file);
        String table = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                table = header.group(1);
                continue;
            }
            Matcher flag = FLAG.matcher(line);
            if (flag.matches() && (table.equals("features") && flag.group(1) == null
                    || table.isEmpty() && flag.group(1) != null)) {
                return new State(flag.group(3).equals("true"), i + 1);
            }
            if (table.isEmpty() && line.strip().matches("features\\s*=\\s*\\{.*")) {
                throw new SettingsError(file + ":" + (i + 1) + ": `features` is an inline table; add `codex_hooks = true`"
                        + " to it yourself");
            }
        }
        return new State(false, 0);
    }

    /** The text with the switch on, or the same text when it already is. */
    static String enable(String text, Path file) {
        State state = state(text, file);
        if (state.line() > 0) {
            if (!state.on()) {
                throw new SettingsError(file + ":" + state.line() + ": this line turns Codex hooks off, so cordon's"
                        + " hook would never run; turn it on or remove it, then install again");
            }
            return text;
        }
        List<String> lines = new ArrayList<>(lines(text, file));
        for (int i = 0; i < lines.size(); i++) {
            Matcher header = HEADER.matcher(lines.get(i));
            if (header.matches() && header.group(1).equals("features") && !lines.get(i).strip().startsWith("[[")) {
                lines.add(i + 1, "codex_hooks = true " + MARK);
                return String.join("\n", lines) + "\n";
            }
        }
        String body = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        return body + (body.isEmpty() ? "" : "\n") + "[features] " + MARK + "\ncodex_hooks = true " + MARK + "\n";
    }

    /** The text without the lines cordon added; a table header it added goes only when nothing else is in it. */
    static String disable(String text, Path file) {
        List<String> lines = new ArrayList<>(lines(text, file));
        boolean changed = false;
        for (int i = lines.size() - 1; i >= 0; i = Math.min(i, lines.size()) - 1) {
            String line = lines.get(i);
            if (!line.endsWith(MARK)) {
                continue;
            }
            if (HEADER.matcher(line).matches() && !emptyTable(lines, i)) {
                continue;
            }
            lines.remove(i);
            changed = true;
            if (i > 0 && i == lines.size() && lines.get(i - 1).isBlank()) {
                lines.remove(i - 1);
            }
        }
        if (!changed) {
            return text;
        }
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    private static boolean emptyTable(List<String> lines, int header) {
        for (int i = header + 1; i < lines.size() && !HEADER.matcher(lines.get(i)).matches(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The lines, checked to be what a TOML file is made of: blank lines, comments, table headers,
     * {@code key = value}, and the continuation of multi-line strings and arrays.
     *
     * @throws SettingsError naming the first line that is none of these
     */
    private static List<String> lines(String text, Path file) {
        List<String> lines = text.isEmpty() ? List.of() : List.of(text.split("\r?\n", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        String multiline = null;
        int depth = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (multiline != null) {
                if (count(line, multiline) % 2 == 1) {
                    multiline = null;
                }
                continue;
            }
            String stripped = line.strip();
            if (depth > 0) {
                depth += brackets(stripped);
                continue;
            }
            if (stripped.isEmpty() || stripped.startsWith("#") || HEADER.matcher(line).matches()) {
                continue;
            }
            if (!KEY.matcher(line).matches()) {
                throw new SettingsError(file + ":" + (i + 1) + ": not valid TOML: `" + stripped + "`");
            }
            for (String quotes : List.of("\"\"\"", "'''")) {
                if (count(line, quotes) % 2 == 1) {
                    multiline = quotes;
                }
            }
            if (multiline == null) {
                depth = Math.max(0, brackets(stripped.substring(stripped.indexOf('=') + 1)));
            }
        }
        if (multiline != null || depth > 0) {
            throw new SettingsError(file + ": not valid TOML: a string or list does not end");
        }
        return lines;
    }

    private static int count(String line, String token) {
        int n = 0;
        for (int at = line.indexOf(token); at >= 0; at = line.indexOf(token, at + token.length())) {
            n++;
        }
        return n;
    }

    /** Opening minus closing brackets outside quotes and comments. */
    private static int brackets(String text) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                break;
            } else if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            }
        }
        return depth;
    }
}
