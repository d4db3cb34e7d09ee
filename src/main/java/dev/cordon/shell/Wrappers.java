package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Programs that run another program given on their command line ({@code sudo rm …}): where their
 * own options end and the wrapped command begins.
 */
final class Wrappers {

    /** Where the wrapped command starts in {@code argv} (which {@code env -S} may have rewritten). */
    record Step(List<Arg> argv, int index) {
    }

    /** Whether words such as {@code FOO=1} between the options and the command are assignments. */
    private enum Assignments { TAKEN, NONE }

    /**
     * @param values letters taking a value (attached or next word)
     * @param optional letters whose value can only be attached
     * @param stops letters after which no command runs ({@code sudo -l}, {@code command -v})
     * @param valueLongs long options taking the next word when written without {@code =}
     * @param stopLongs long options after which no command runs
     * @param operands operands before the command ({@code timeout DURATION}, {@code taskset MASK})
     */
    private record Spec(String values, String optional, String stops, Set<String> valueLongs,
            Set<String> stopLongs, int operands, Assignments assignments) {
    }

    private static final Map<String, Spec> SPECS = Map.ofEntries(
            Map.entry("sudo", new Spec("aCcDgpRrTtUu", "h", "eKlVv",
                    Set.of("--user", "--group", "--prompt", "--close-from", "--chdir", "--chroot", "--role",
                            "--type", "--command-timeout", "--other-user", "--login-class", "--host"),
                    Set.of("--edit", "--list", "--remove-timestamp", "--validate", "--version", "--help"),
                    0, Assignments.TAKEN)),
            Map.entry("doas", new Spec("u", "", "C", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("nice", new Spec("n", "", "", Set.of("--adjustment"), Set.of("--help", "--version"),
                    0, Assignments.NONE)),
            Map.entry("ionice", new Spec("cn", "", "pPu", Set.of("--class", "--classdata"),
                    Set.of("--pid", "--pgid", "--uid", "--help", "--version"), 0, Assignments.NONE)),
            Map.entry("nohup", new Spec("", "", "", Set.of(), Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("timeout", new Spec("ks", "", "", Set.of("--kill-after", "--signal"),
                    Set.of("--help", "--version"), 1, Assignments.NONE)),
            Map.entry("time", new Spec("fo", "", "", Set.of("--format", "--output"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("stdbuf", new Spec("ioe", "", "", Set.of("--input", "--output", "--error"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("chrt", new Spec("TPD", "", "pm", Set.of("--sched-runtime", "--sched-period",
                    "--sched-deadline"), Set.of("--pid", "--max", "--help", "--version"), 1, Assignments.NONE)),
            Map.entry("taskset", new Spec("", "", "p", Set.of(), Set.of("--pid", "--help", "--version"),
                    1, Assignments.NONE)),
            Map.entry("setsid", new Spec("", "", "", Set.of(), Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("exec", new Spec("a", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("command", new Spec("", "", "vV", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("builtin", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("xargs", new Spec("adEILnPs", "eil", "", Set.of("--arg-file", "--delimiter",
                    "--max-args", "--max-procs", "--max-chars", "--process-slot-var"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("pkexec", new Spec("", "", "", Set.of("--user"), Set.of("--version", "--help"),
                    0, Assignments.NONE)),
            Map.entry("chroot", new Spec("", "", "", Set.of("--userspec", "--groups"), Set.of("--help", "--version"),
                    1, Assignments.NONE)),
            Map.entry("unshare", new Spec("SGRw", "", "", Set.of("--setuid", "--setgid", "--root", "--wd",
                    "--map-user", "--map-group"), Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("nsenter", new Spec("tSGrwTe", "", "", Set.of("--target", "--setuid", "--setgid", "--root",
                    "--wd"), Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("strace", new Spec("abeEIoOPsSuX", "", "p", Set.of("--output", "--user", "--env"),
                    Set.of("--attach", "--help", "--version"), 0, Assignments.NONE)),
            Map.entry("busybox", new Spec("", "", "", Set.of(), Set.of("--list", "--help"), 0, Assignments.NONE)),
            Map.entry("toybox", new Spec("", "", "", Set.of(), Set.of("--help"), 0, Assignments.NONE)),
            // Less common programs that run the command after their options.
            Map.entry("ltrace", new Spec("aeAnoOpsuX", "", "p", Set.of("--output", "--library"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("systemd-run", new Spec("upEMH", "", "", Set.of("--unit", "--property", "--setenv",
                    "--working-directory", "--description", "--slice", "--uid", "--gid", "--nice", "--machine",
                    "--host", "--on-calendar", "--on-active", "--on-boot", "--on-startup", "--timer-property",
                    "--path-property", "--socket-property", "--service-type"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("firejail", new Spec("", "", "", Set.of(), Set.of("--help", "--version", "--list", "--tree"),
                    0, Assignments.NONE)),
            Map.entry("dbus-launch", new Spec("", "", "", Set.of("--config-file"), Set.of("--help", "--version"),
                    0, Assignments.NONE)),
            Map.entry("dbus-run-session", new Spec("", "", "", Set.of("--config-file", "--dbus-daemon"),
                    Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("caffeinate", new Spec("tw", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("faketime", new Spec("fm", "", "", Set.of("--exclude-monotonic"), Set.of("--help", "--version"),
                    1, Assignments.NONE)),
            Map.entry("proot", new Spec("rbwqkm", "", "", Set.of("--rootfs", "--bind", "--cwd", "--qemu", "--kernel-release",
                    "--mount"), Set.of("--help", "--version"), 0, Assignments.NONE)),
            Map.entry("torsocks", new Spec("uapP", "", "", Set.of("--user", "--pass", "--address", "--port"),
                    Set.of("--help", "--version", "--shell"), 0, Assignments.NONE)),
            Map.entry("proxychains", new Spec("f", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("proxychains4", new Spec("f", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("tsocks", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("ssh-agent", new Spec("aEPt", "", "kDdlL", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("rlwrap", new Spec("abcCDeEfgHiIlmMnNoOpPqrRsStvwWz", "", "", Set.of(), Set.of("--help", "--version"),
                    0, Assignments.NONE)),
            Map.entry("unbuffer", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("xvfb-run", new Spec("nsfep", "", "h", Set.of("--server-num", "--server-args", "--auth-file",
                    "--error-file", "--xauth-protocol"), Set.of("--help"), 0, Assignments.NONE)),
            Map.entry("numactl", new Spec("CNmiPp", "", "sH", Set.of("--physcpubind", "--cpunodebind", "--membind",
                    "--interleave", "--preferred"), Set.of("--show", "--hardware"), 0, Assignments.NONE)),
            Map.entry("cpulimit", new Spec("l", "", "pP", Set.of("--limit"), Set.of("--pid", "--exe"), 0, Assignments.NONE)),
            Map.entry("prlimit", new Spec("", "", "p", Set.of(), Set.of("--pid"), 0, Assignments.NONE)),
            Map.entry("setpriv", new Spec("", "", "d", Set.of(), Set.of("--dump"), 0, Assignments.NONE)),
            Map.entry("chronic", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("nocache", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("eatmydata", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("catchsegv", new Spec("", "", "", Set.of(), Set.of(), 0, Assignments.NONE)),
            Map.entry("valgrind", new Spec("", "", "", Set.of(), Set.of("--help", "--version"), 0, Assignments.NONE)));

    private Wrappers() {
    }

    static boolean isWrapper(String program) {
        return SPECS.containsKey(program) || program.equals("env");
    }

    /**
     * Where the command wrapped by {@code argv[at]} starts, or null when it runs none. Assignments
     * the wrapper passes on ({@code env FOO=1}, {@code sudo FOO=1}) are added to {@code assignments}.
     */
    static Step unwrap(String program, List<Arg> argv, int at, Map<String, String> assignments) {
        if (program.equals("env")) {
            return env(argv, at, assignments);
        }
        Spec spec = SPECS.get(program);
        if (spec == null) {
            return null;
        }
        int i = at + 1;
        while (i < argv.size()) {
            String arg = argv.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.startsWith("--")) {
                int equals = arg.indexOf('=');
                String name = equals < 0 ? arg : arg.substring(0, equals);
                if (spec.stopLongs().contains(name)) {
                    return null;
                }
                i += equals < 0 && spec.valueLongs().contains(name) ? 2 : 1;
                continue;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                break;
            }
            int skip = 1;
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                if (spec.stops().indexOf(letter) >= 0) {
                    return null;
                }
                if (spec.values().indexOf(letter) >= 0) {
                    skip = j == arg.length() - 1 ? 2 : 1;
                    break;
                }
                if (spec.optional().indexOf(letter) >= 0) {
                    break;
                }
            }
            i += skip;
        }
        if (spec.assignments() == Assignments.TAKEN) {
            i = assignments(argv, i, assignments);
        }
        i += spec.operands();
        return i < argv.size() ? new Step(argv, i) : null;
    }

    /**
     * The text {@code xargs -I REPLACE} (or {@code -i}, {@code --replace}) replaces with each input
     * line in the command between {@code at} and {@code command}; null when it appends instead.
     */
    static String xargsPlaceholder(List<Arg> argv, int at, int command) {
        String placeholder = null;
        for (int i = at + 1; i < command; i++) {
            String arg = argv.get(i).value();
            if (arg.equals("-I") && i + 1 < command) {
                placeholder = argv.get(++i).value();
            } else if (arg.startsWith("-I") && !arg.startsWith("--")) {
                placeholder = arg.substring(2);
            } else if (arg.equals("-i") || arg.equals("--replace")) {
                placeholder = "{}";
            } else if (arg.startsWith("-i") && !arg.startsWith("--")) {
                placeholder = arg.substring(2);
            } else if (arg.startsWith("--replace=")) {
                placeholder = arg.substring("--replace=".length());
            }
        }
        return placeholder == null || placeholder.isEmpty() ? null : placeholder;
    }

    /**
     * The folder {@code env -C DIR} or {@code sudo -D DIR} (both also {@code --chdir}) runs the
     * wrapped command in, or null.
     */
    static String chdir(String program, List<Arg> argv, int at, int command) {
        String letter = program.equals("env") ? "-C" : program.equals("sudo") ? "-D" : null;
        if (letter == null) {
            return null;
        }
        for (int i = at + 1; i < command; i++) {
            String arg = argv.get(i).value();
            if ((arg.equals(letter) || arg.equals("--chdir")) && i + 1 < command) {
                return argv.get(i + 1).value();
            }
            if (arg.startsWith("--chdir=")) {
                return arg.substring("--chdir=".length());
            }
            if (arg.startsWith(letter) && arg.length() > 2) {
                return arg.substring(2);
            }
        }
        return null;
    }

    /** {@code sudo -s}, {@code sudo -i}, {@code doas -s} without a command: a shell is started. */
    static boolean startsShell(String program, List<Arg> argv, int at) {
        if (!program.equals("sudo") && !program.equals("doas")) {
            return false;
        }
        for (int i = at + 1; i < argv.size(); i++) {
            String arg = argv.get(i).value();
            if (arg.equals("--shell") || arg.equals("--login")
                    || arg.startsWith("-") && !arg.startsWith("--") && (arg.indexOf('s') > 0 || arg.indexOf('i') > 0 && program.equals("sudo"))) {
                return true;
            }
        }
        return false;
    }

    /** {@code xargs -a FILE} (or {@code --arg-file=FILE}): where the input comes from instead of stdin; null if not given. */
    static String xargsFile(List<Arg> argv, int at, int command) {
        for (int i = at + 1; i < command; i++) {
            String arg = argv.get(i).value();
            if (arg.equals("-a") || arg.equals("--arg-file")) {
                return i + 1 < command ? argv.get(i + 1).value() : null;
            }
            if (arg.startsWith("--arg-file=")) {
                return arg.substring("--arg-file=".length());
            }
            if (arg.startsWith("-a") && !arg.startsWith("--")) {
                return arg.substring(2);
            }
        }
        return null;
    }

    /**
     * The arguments {@code xargs} reads from {@code input}: lines with {@code -I}, NUL- or
     * {@code -d}-separated items, else blank-separated words (quotes as xargs reads them).
     */
    static List<String> xargsItems(String input, List<Arg> argv, int at, int command) {
        String delimiter = null;
        boolean lines = false;
        for (int i = at + 1; i < command; i++) {
            String arg = argv.get(i).value();
            if (arg.equals("-0") || arg.equals("--null")) {
                delimiter = "\0";
            } else if (arg.equals("-d") && i + 1 < command) {
                delimiter = Escapes.decode(argv.get(i + 1).value(), 0, argv.get(i + 1).value().length());
            } else if (arg.startsWith("--delimiter=")) {
                String d = arg.substring("--delimiter=".length());
                delimiter = Escapes.decode(d, 0, d.length());
            } else if (arg.startsWith("-I") || arg.startsWith("-i") || arg.startsWith("--replace") || arg.startsWith("-L")) {
                lines = true;
            }
        }
        if (delimiter != null && !delimiter.isEmpty()) {
            return separated(input, delimiter.charAt(0));
        }
        if (lines) {
            return lines(input);
        }
        return splitString(input).stream().map(Arg::value).toList();
    }

    /** The non-empty lines of a text, blanks around them removed. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : separated(text, '\n')) {
            String stripped = line.strip();
            if (!stripped.isEmpty()) {
                lines.add(stripped);
            }
        }
        return lines;
    }

    private static List<String> separated(String text, char separator) {
        List<String> items = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == separator) {
                if (i > from) {
                    items.add(text.substring(from, i));
                }
                from = i + 1;
            }
        }
        return items;
    }

    /**
     * GNU {@code parallel}'s command line.
     *
     * @param command the command words, empty when the arguments are whole command lines
     * @param arguments the arguments after {@code :::}, or null when they come from input
     * @param files the files after {@code ::::} (or {@code -a}) the arguments are read from
     */
    record Parallel(List<String> command, List<String> arguments, List<String> files) {
    }

    private static final Set<String> PARALLEL_VALUES = Set.of("-j", "--jobs", "-P", "--max-procs", "-S", "--sshlogin",
            "-n", "--max-args", "-N", "-L", "--max-lines", "--delay", "--timeout", "--joblog", "--results",
            "--res", "--workdir", "--wd", "-I", "--colsep", "-C", "--tmpdir", "--env", "--retries",
            "--memfree", "--load", "-l", "--tag-string", "--tagstring", "--basefile", "--bf", "--return",
            "--sshloginfile", "--slf", "-d", "--delimiter", "-E", "--eof", "--halt", "--termseq", "--fifo");

    static Parallel parallel(List<Arg> argv, int at) {
        int i = at + 1;
        List<String> files = new ArrayList<>();
        while (i < argv.size()) {
            String arg = argv.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.equals("-a") || arg.equals("--arg-file")) {
                if (i + 1 < argv.size()) {
                    files.add(argv.get(i + 1).value());
                }
                i += 2;
                continue;
            }
            if (!arg.startsWith("-") || arg.startsWith(":::")) {
                break;
            }
            i += PARALLEL_VALUES.contains(arg) ? 2 : 1;
        }
        List<String> command = new ArrayList<>();
        while (i < argv.size() && !argv.get(i).value().startsWith(":::")) {
            command.add(argv.get(i).value());
            i++;
        }
        List<String> arguments = null;
        while (i < argv.size()) {
            String marker = argv.get(i).value();
            i++;
            while (i < argv.size() && !argv.get(i).value().startsWith(":::")) {
                if (marker.startsWith("::::")) {
                    files.add(argv.get(i).value());
                } else {
                    if (arguments == null) {
                        arguments = new ArrayList<>();
                    }
                    arguments.add(argv.get(i).value());
                }
                i++;
            }
        }
        return new Parallel(command, arguments, files);
    }

    /** {@code env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE]… [COMMAND …]}. */
    private static Step env(List<Arg> argv, int at, Map<String, String> assignments) {
        List<Arg> args = argv;
        int i = at + 1;
        int splits = 0;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.equals("-")) {
                i++;
                continue;
            }
            if (arg.startsWith("--split-string")) {
                if (++splits > 8) {
                    return null;
                }
                boolean attached = arg.startsWith("--split-string=");
                if (!attached && i + 1 >= args.size()) {
                    return null;
                }
                String text = attached ? arg.substring("--split-string=".length()) : args.get(i + 1).value();
                args = splice(args, i, attached ? 1 : 2, splitString(text));
                continue;
            }
            if (arg.startsWith("--")) {
                boolean value = (arg.equals("--unset") || arg.equals("--chdir"));
                i += value ? 2 : 1;
                continue;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                break;
            }
            int skip = 1;
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                if (letter == 'u' || letter == 'C') {
                    skip = j == arg.length() - 1 ? 2 : 1;
                    break;
                }
                if (letter == 'S') {
                    if (++splits > 8) {
                        return null;
                    }
                    boolean last = j == arg.length() - 1;
                    if (last && i + 1 >= args.size()) {
                        return null;
                    }
                    String text = last ? args.get(i + 1).value() : arg.substring(j + 1);
                    args = splice(args, i, last ? 2 : 1, splitString(text));
                    skip = 0;
                    break;
                }
            }
            i += skip;
        }
        i = assignments(args, i, assignments);
        return i < args.size() ? new Step(args, i) : null;
    }

    private static int assignments(List<Arg> argv, int from, Map<String, String> assignments) {
        int i = from;
        while (i < argv.size()) {
            String word = argv.get(i).value();
            int equals = word.indexOf('=');
            // env also passes names the shell could not assign, such as a bash function's
            // `BASH_FUNC_ls%%`, which every bash it starts then imports.
            if (equals <= 0 || !isName(word, equals) && !word.startsWith("BASH_FUNC_")) {
                break;
            }
            assignments.put(word.substring(0, equals), word.substring(equals + 1));
            i++;
        }
        return i;
    }

    private static boolean isName(String word, int end) {
        if (!WordReader.isNameStart(word.charAt(0))) {
            return false;
        }
        for (int i = 1; i < end; i++) {
            if (!WordReader.isNameChar(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static List<Arg> splice(List<Arg> args, int at, int remove, List<Arg> insert) {
        List<Arg> result = new ArrayList<>(args.size() + insert.size());
        result.addAll(args.subList(0, at));
        result.addAll(insert);
        result.addAll(args.subList(Math.min(at + remove, args.size()), args.size()));
        return result;
    }

    /** {@code env -S}: split at blanks, honouring single and double quotes and backslashes. */
    static List<Arg> splitString(String text) {
        List<Arg> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        boolean unknown = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == 0 && (c == ' ' || c == '\t' || c == '\n')) {
                if (inWord) {
                    words.add(new Arg(word.toString(), unknown, false));
                    word.setLength(0);
                    inWord = false;
                    unknown = false;
                }
                continue;
            }
            inWord = true;
            if (c == quote) {
                quote = 0;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == '\\' && quote != '\'' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                word.append(next == '_' ? ' ' : next);
            } else {
                unknown |= c == '$' && quote != '\'';
                word.append(c);
            }
        }
        if (inWord) {
            words.add(new Arg(word.toString(), unknown, false));
        }
        return words;
    }
}
