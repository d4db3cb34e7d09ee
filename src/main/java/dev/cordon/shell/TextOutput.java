package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * What a command prints, when its words show it: {@code echo}, {@code printf}, {@code cat} of a
 * here-document, a here-string or a file written earlier in the line, and the filters an
 * obfuscated line chains after them ({@code base64 -d}, {@code base32 -d}, {@code xxd -r -p},
 * {@code rev}, {@code tr}, {@code head}, {@code tail}, {@code tee}). A shell that reads this text
 * runs it, a command substitution is replaced by it, {@code xargs} takes its words: so cordon
 * reads it as they would. Null means the text cannot be told from the line.
 */
final class TextOutput {

    /** Texts longer than this are not followed: hostile input stays cheap. */
    static final int MAX_TEXT = 1 << 16;

    /** The contents of files the line wrote earlier, by path as written. */
    interface Files {
        String content(String path);
    }

    private TextOutput() {
    }

    /** What a list of commands prints, in order, as a command substitution captures it; null when unknown. */
    static String of(List<RawCommand> commands, int depth, Files files) {
        StringBuilder out = new StringBuilder();
        List<RawCommand> top = new ArrayList<>(commands.size());
        for (RawCommand c : commands) {
            if (c.depth == depth) {
                top.add(c);
            }
        }
        if (top.isEmpty()) {
            return null;
        }
        for (RawCommand c : top) {
            if (c.pipelineLength > 1 && c.position < c.pipelineLength - 1) {
                continue;
            }
            String text = stdout(c, files);
            if (text == null) {
                return null;
            }
            out.append(text);
        }
        return out.length() > MAX_TEXT ? null : out.toString();
    }

    /** What the command writes to its standard output; null when unknown. */
    static String stdout(RawCommand c, Files files) {
        return writesElsewhere(c) ? "" : printed(c, files);
    }

    /** What the command prints, wherever its standard output is redirected; null when unknown. */
    static String printed(RawCommand c, Files files) {
        if (c.words.isEmpty() || c.words.get(0).dynamic()) {
            return c.words.isEmpty() && c.redirects.isEmpty() ? "" : null;
        }
        List<String> argv = values(c.words);
        if (argv == null) {
            return null;
        }
        String text = switch (Unwrapper.basename(argv.get(0))) {
            case "echo" -> echo(argv);
            case "printf" -> printf(argv);
            case "cat" -> concatenate(c, argv, files);
            case "tee" -> stdin(c, files);
            case "true", ":" -> "";
            case "base64", "base32" -> decoder(c, argv, files);
            case "xxd" -> hex(c, argv, files);
            case "rev" -> argv.size() == 1 ? reversed(stdin(c, files)) : null;
            case "tr" -> translate(c, argv, files);
            case "head", "tail" -> lines(c, argv, files);
            case "mktemp" -> temporary(argv);
            default -> null;
        };
        return text == null || text.length() > MAX_TEXT ? null : text;
    }

    /**
     * What the command reads on its standard input: a here-document, a here-string, a file
     * written earlier in the line, or what the commands before it in its pipeline print; null
     * when unknown or when nothing is given.
     */
    static String stdin(RawCommand c, Files files) {
        for (int i = c.redirects.size() - 1; i >= 0; i--) {
            RawCommand.Redirect r = c.redirects.get(i);
            if (r.fd() != 0) {
                continue;
            }
            if (r.heredoc() != null) {
                String body = r.heredoc().body == null ? "" : r.heredoc().body;
                boolean expands = !r.heredoc().quoted && (body.indexOf('$') >= 0 || body.indexOf('`') >= 0);
                return expands ? null : body;
            }
            if (r.operator().equals("<<<")) {
                return r.target().unknown ? null : r.target().value + "\n";
            }
            if (r.operator().equals("<")) {
                return r.target().unknown && !r.target().value.startsWith("<(") ? null : files.content(r.target().value);
            }
        }
        if (c.inputs.isEmpty() || c.readsSubstitution) {
            return null;
        }
        StringBuilder in = new StringBuilder();
        for (RawCommand input : c.inputs) {
            String text = stdout(input, files);
            if (text == null) {
                return null;
            }
            in.append(text);
        }
        return in.toString();
    }

    /**
     * What a program that reads code from its standard input gets: as {@link #stdin}, except that
     * a here-document's body is taken as written (the code itself expands what it holds).
     */
    static String stdinCode(RawCommand c, Files files) {
        for (int i = c.redirects.size() - 1; i >= 0; i--) {
            RawCommand.Redirect r = c.redirects.get(i);
            if (r.fd() == 0 && r.heredoc() != null) {
                return r.heredoc().body == null ? "" : r.heredoc().body;
            }
            if (r.fd() == 0) {
                break;
            }
        }
        return stdin(c, files);
    }

    /**
     * Whether the input is only files the line names: {@code cat FILE… |} or {@code < FILE}. A
     * shell that runs them runs those files, as {@code sh FILE} does.
     */
    static boolean readsFiles(RawCommand c) {
        for (int i = c.redirects.size() - 1; i >= 0; i--) {
            RawCommand.Redirect r = c.redirects.get(i);
            if (r.fd() == 0) {
                return r.operator().equals("<") && !r.target().unknown;
            }
        }
        if (c.inputs.isEmpty()) {
            return false;
        }
        for (RawCommand input : c.inputs) {
            List<String> argv = values(input.words);
            if (argv == null || argv.size() < 2 || !Unwrapper.basename(argv.get(0)).equals("cat")) {
                return false;
            }
            for (String operand : argv.subList(1, argv.size())) {
                if (operand.startsWith("-") || operand.startsWith("<(")) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Programs that fetch from the network and print what they fetched. */
    static final java.util.Set<String> DOWNLOADERS = java.util.Set.of("curl", "wget", "fetch", "aria2c", "http", "https",
            "xh", "lwp-request", "GET");

    /** Whether what the command reads comes, directly or through filters, from a download. */
    static boolean downloads(RawCommand c) {
        for (RawCommand input : c.inputs) {
            if (!input.words.isEmpty() && DOWNLOADERS.contains(Unwrapper.basename(input.words.get(0).value))
                    || downloads(input)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the command has an input cordon could look at: a pipe or a redirection. */
    static boolean hasInput(RawCommand c) {
        if (!c.inputs.isEmpty() || c.readsSubstitution) {
            return true;
        }
        for (RawCommand.Redirect r : c.redirects) {
            if (r.fd() == 0 && (r.heredoc() != null || r.operator().equals("<<<") || r.operator().equals("<"))) {
                return true;
            }
        }
        return false;
    }

    /** The words' values after brace expansion and field splitting; null when one is unknown. */
    static List<String> values(List<Word> words) {
        List<String> values = new ArrayList<>(words.size());
        for (Word w : words) {
            if (w.unknown) {
                return null;
            }
            if (!w.expands()) {
                values.add(w.value);
                continue;
            }
            List<String> expanded = BraceExpansion.expand(w.value, w.braces, w.splits);
            if (expanded == null) {
                return null;
            }
            values.addAll(expanded);
        }
        return values;
    }

    private static boolean writesElsewhere(RawCommand c) {
        for (RawCommand.Redirect r : c.redirects) {
            boolean stdout = r.fd() == 1 || r.fd() == -1;
            if (stdout && (r.operator().equals(">") || r.operator().equals(">>") || r.operator().equals(">|")
                    || r.operator().equals("&>") || r.operator().equals("&>>")
                    || (r.operator().equals(">&") && !r.target().value.equals("1")))) {
                return true;
            }
        }
        return false;
    }

    private static String echo(List<String> argv) {
        int i = 1;
        boolean escapes = false;
        boolean newline = true;
        while (i < argv.size() && isEchoOption(argv.get(i))) {
            escapes |= argv.get(i).indexOf('e') >= 0;
            newline &= argv.get(i).indexOf('n') < 0;
            i++;
        }
        String text = String.join(" ", argv.subList(i, argv.size()));
        if (escapes) {
            int stop = text.indexOf("\\c");
            text = Escapes.decode(text, 0, stop < 0 ? text.length() : stop);
            newline &= stop < 0;
        }
        return newline ? text + "\n" : text;
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

    private static String printf(List<String> argv) {
        int i = 1;
        if (i < argv.size() && argv.get(i).equals("--")) {
            i++;
        }
        if (i >= argv.size() || argv.get(i).startsWith("-")) {
            return null;
        }
        return Printf.format(argv.get(i), argv.subList(i + 1, argv.size()));
    }

    /** {@code cat}, {@code cat -} and {@code cat FILE…} of files written earlier in the line. */
    private static String concatenate(RawCommand c, List<String> argv, Files files) {
        if (argv.size() == 1) {
            return stdin(c, files);
        }
        StringBuilder out = new StringBuilder();
        for (String operand : argv.subList(1, argv.size())) {
            String text = operand.equals("-") ? stdin(c, files)
                    : operand.startsWith("-") ? null : files.content(operand);
            if (text == null) {
                return null;
            }
            out.append(text);
        }
        return out.toString();
    }

    /** {@code base64 [-d] [-i] [-w N] [FILE]} and {@code base32 -d}. */
    private static String decoder(RawCommand c, List<String> argv, Files files) {
        boolean decode = false;
        String file = null;
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            switch (arg) {
                case "-d", "-D", "--decode" -> decode = true;
                case "-i", "--ignore-garbage" -> {
                }
                case "-di", "-id" -> decode = true;
                case "-w" -> i++;
                default -> {
                    if (arg.startsWith("-w") || arg.startsWith("--wrap")) {
                        continue;
                    }
                    if (arg.startsWith("-") || file != null) {
                        return null;
                    }
                    file = arg;
                }
            }
        }
        String input = file == null || file.equals("-") ? stdin(c, files) : files.content(file);
        if (input == null) {
            return null;
        }
        boolean base32 = Unwrapper.basename(argv.get(0)).equals("base32");
        if (!decode) {
            return base32 ? null : TextFilters.base64Encode(input);
        }
        return base32 ? TextFilters.base32Decode(input) : TextFilters.base64Decode(input);
    }

    /** {@code xxd -r -p}. */
    private static String hex(RawCommand c, List<String> argv, Files files) {
        boolean reverse = false;
        boolean plain = false;
        for (String arg : argv.subList(1, argv.size())) {
            switch (arg) {
                case "-r", "-revert" -> reverse = true;
                case "-p", "-ps", "-plain", "-postscript" -> plain = true;
                case "-rp", "-pr" -> {
                    reverse = true;
                    plain = true;
                }
                default -> {
                    return null;
                }
            }
        }
        String input = stdin(c, files);
        return reverse && plain && input != null ? TextFilters.hexDecode(input) : null;
    }

    /**
     * {@code mktemp [-d] [-p DIR] [TEMPLATE]}: a new name in the temporary folder (or DIR); the
     * random part is left as its X's, which name no file that exists.
     */
    private static String temporary(List<String> argv) {
        String dir = null;
        String template = null;
        boolean tmpdir = false;
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.equals("-p") || arg.equals("--tmpdir")) {
                dir = i + 1 < argv.size() ? argv.get(++i) : null;
                tmpdir = true;
            } else if (arg.startsWith("--tmpdir=")) {
                dir = arg.substring("--tmpdir=".length());
                tmpdir = true;
            } else if (arg.equals("-t")) {
                tmpdir = true;
            } else if (!arg.startsWith("-")) {
                template = arg;
            }
        }
        if (template == null) {
            return (dir == null ? "/tmp" : dir) + "/tmp.XXXXXXXXXX\n";
        }
        if (template.startsWith("/") || !tmpdir) {
            return template + "\n";
        }
        return (dir == null ? "/tmp" : dir) + "/" + template + "\n";
    }

    private static String reversed(String input) {
        return input == null ? null : TextFilters.reverseLines(input);
    }

    /** {@code tr [-d] SET1 [SET2]}. */
    private static String translate(RawCommand c, List<String> argv, Files files) {
        boolean delete = argv.size() > 1 && argv.get(1).equals("-d");
        int first = delete ? 2 : 1;
        if (argv.size() <= first || argv.get(first).startsWith("-")) {
            return null;
        }
        String input = stdin(c, files);
        if (input == null) {
            return null;
        }
        String to = delete ? null : argv.size() > first + 1 ? argv.get(first + 1) : null;
        if (!delete && to == null) {
            return null;
        }
        return TextFilters.translate(input, argv.get(first), to, delete);
    }

    /** {@code head}/{@code tail} with {@code -n N}, {@code -N} or {@code -c N}. */
    private static String lines(RawCommand c, List<String> argv, Files files) {
        boolean head = Unwrapper.basename(argv.get(0)).equals("head");
        int count = 10;
        boolean bytes = false;
        String file = null;
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            String number = null;
            if ((arg.equals("-n") || arg.equals("-c")) && i + 1 < argv.size()) {
                bytes = arg.equals("-c");
                number = argv.get(++i);
            } else if (arg.startsWith("-n") || arg.startsWith("-c")) {
                bytes = arg.startsWith("-c");
                number = arg.substring(2);
            } else if (arg.length() > 1 && arg.charAt(0) == '-' && Character.isDigit(arg.charAt(1))) {
                number = arg.substring(1);
            } else if (arg.startsWith("-") || file != null) {
                return null;
            } else {
                file = arg;
            }
            if (number != null) {
                try {
                    count = Integer.parseInt(number);
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        String input = file == null ? stdin(c, files) : files.content(file);
        if (input == null || count < 0) {
            return null;
        }
        if (bytes) {
            int n = Math.min(count, input.length());
            return head ? input.substring(0, n) : input.substring(input.length() - n);
        }
        String[] all = input.split("\n", -1);
        int total = input.endsWith("\n") ? all.length - 1 : all.length;
        int n = Math.min(count, total);
        StringBuilder out = new StringBuilder();
        for (int i = head ? 0 : total - n, k = 0; k < n; i++, k++) {
            out.append(all[i]).append('\n');
        }
        return out.toString();
    }
}
