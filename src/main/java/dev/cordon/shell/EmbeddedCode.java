package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Shell code that programs take as an argument or read from their input, and run: {@code trap}
 * and {@code alias} texts, {@code tar --to-command}/{@code --checkpoint-action=exec=}/{@code -I},
 * {@code git -c} settings git runs ({@code alias.x=!…}, {@code core.pager}…), vim's {@code !}
 * commands, {@code less +!…}, {@code man -P}, {@code make} recipes given inline or on its input,
 * {@code npx -c}, {@code npm exec}, {@code npm pkg set scripts.…}, {@code gdb -ex '!…'},
 * {@code expect}'s {@code spawn}, GNU {@code sed}'s {@code e} command, {@code entr -s},
 * {@code at} and {@code crontab} input, ssh's remote command and {@code ProxyCommand}, and
 * {@code rsync -e}.
 */
final class EmbeddedCode {

    /**
     * One piece of code.
     *
     * @param text the code; unknown when it depends on something only known at run time
     * @param runner what runs it, as a wrapper name ({@code trap}, {@code git -c alias.x})
     */
    record Code(Arg text, String runner) {
    }

    /** The command's input and the files the line wrote, read only when a program needs them. */
    interface Input {
        /** The text on the command's standard input, or null when unknown. */
        String stdin();

        /** The content of a file the line wrote, or null when unknown. */
        String file(String path);
    }

    private EmbeddedCode() {
    }

    static List<Code> of(String program, List<Arg> args, int at, Input input) {
        List<Code> out = new ArrayList<>(0);
        List<Arg> rest = args.subList(at + 1, args.size());
        switch (program) {
            case "trap" -> trap(rest, out);
            case "alias" -> alias(rest, out);
            case "tar" -> tar(rest, out);
            case "git" -> git(rest, out);
            case "vi", "vim", "nvim", "ex", "view", "vimdiff", "gvim", "rvim", "evim" -> vim(program, rest, out);
            case "less" -> less(rest, out);
            case "man" -> man(rest, out);
            case "make", "gmake" -> make(program, rest, input, out);
            case "npx", "bunx" -> npx(program, rest, 0, out);
            case "npm", "pnpm", "yarn", "bun" -> packageManager(program, rest, out);
            case "gdb" -> gdb(rest, out);
            case "expect" -> expect(rest, out);
            case "sed", "gsed" -> sed(program, rest, out);
            case "entr" -> entr(rest, out);
            case "at", "batch" -> out.add(new Code(text(input.stdin()), program));
            case "crontab" -> crontab(rest, input, out);
            case "ssh", "scp", "sftp" -> ssh(program, rest, out);
            case "rsync" -> rsync(rest, out);
            case "export", "declare", "typeset", "local", "readonly" -> {
                // `export PROMPT_COMMAND=…` is checked like `PROMPT_COMMAND=… cmd`.
                for (Arg a : rest) {
                    int equals = a.value().indexOf('=');
                    if (equals > 0 && CodeVariables.holdsCode(a.value().substring(0, equals))) {
                        String name = a.value().substring(0, equals);
                        for (String code : CodeVariables.code(name, a.value().substring(equals + 1), path -> null)) {
                            out.add(new Code(new Arg(code, a.unknown(), false), name));
                        }
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    private static Arg text(String text) {
        return text == null ? new Arg("", true, false) : Arg.literal(text);
    }

    /** {@code trap [--] ACTION SIGNAL…}: with one operand it only resets that signal. */
    private static void trap(List<Arg> args, List<Code> out) {
        int i = 0;
        while (i < args.size() && args.get(i).value().startsWith("-") && !args.get(i).value().equals("-")) {
            if (args.get(i).value().equals("-l") || args.get(i).value().equals("-p")) {
                return;
            }
            i++;
            if (args.get(i - 1).value().equals("--")) {
                break;
            }
        }
        if (args.size() - i >= 2 && !args.get(i).value().equals("-")) {
            out.add(new Code(args.get(i), "trap"));
        }
    }

    /** {@code alias NAME=TEXT…}. */
    private static void alias(List<Arg> args, List<Code> out) {
        for (Arg a : args) {
            int equals = a.value().indexOf('=');
            if (equals > 0 && !a.value().startsWith("-")) {
                out.add(new Code(new Arg(a.value().substring(equals + 1), a.unknown(), false),
                        "alias " + a.value().substring(0, equals)));
            }
        }
    }

    /** tar runs programs for compression, per member, at checkpoints and at volume changes. */
    private static void tar(List<Arg> args, List<Code> out) {
        ScannedArgs scanned = OptionScanner.scan("tar", values(args));
        for (String flag : new String[] {"-I", "--to-command", "-F", "--rsh-command"}) {
            for (String value : scanned.valuesOf(flag)) {
                out.add(new Code(known(args, value), "tar " + flag));
            }
        }
        for (String action : scanned.valuesOf("--checkpoint-action")) {
            if (action.startsWith("exec=")) {
                out.add(new Code(known(args, action.substring(5)), "tar --checkpoint-action"));
            }
        }
    }

    /** {@code git -c KEY=VALUE} and {@code --config-env} for the settings whose value git runs. */
    private static void git(List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            String setting = null;
            boolean fromEnvironment = false;
            if (arg.equals("-c") && i + 1 < args.size()) {
                setting = args.get(++i).value();
            } else if (arg.startsWith("--config-env=")) {
                setting = arg.substring("--config-env=".length());
                fromEnvironment = true;
            } else if (arg.equals("--config-env") && i + 1 < args.size()) {
                setting = args.get(++i).value();
                fromEnvironment = true;
            } else if (arg.equals("-C") || arg.equals("--git-dir") || arg.equals("--work-tree")
                    || arg.equals("--namespace")) {
                i++;
                continue;
            } else if (!arg.startsWith("-")) {
                return;
            }
            if (setting == null) {
                continue;
            }
            int equals = setting.indexOf('=');
            String key = (equals < 0 ? setting : setting.substring(0, equals)).toLowerCase(Locale.ROOT);
            String value = equals < 0 ? "" : setting.substring(equals + 1);
            if (GitSettings.includes(key)) {
                // The included file's settings (aliases, pagers) cannot be seen.
                out.add(new Code(new Arg(value, true, false), "git -c " + key));
                continue;
            }
            String code = GitSettings.code(key, value);
            if (code != null || (fromEnvironment && GitSettings.runs(key))) {
                boolean unknown = fromEnvironment || args.get(i).unknown();
                out.add(new Code(new Arg(code == null ? value : code, unknown, false), "git -c " + key));
            }
        }
    }

    /** {@code vim -c CMD}, {@code +CMD}, {@code --cmd CMD}: the shell commands of {@code :!…} and {@code system()}. */
    private static void vim(String program, List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            String command = null;
            if ((arg.equals("-c") || arg.equals("--cmd")) && i + 1 < args.size()) {
                command = args.get(++i).value();
            } else if (arg.startsWith("+") && arg.length() > 1) {
                command = arg.substring(1);
            }
            if (command != null) {
                for (String shell : VimCommands.shellCommands(command)) {
                    out.add(new Code(known(args, shell), program + " -c"));
                }
            }
        }
    }

    /** {@code less +CMD}: a {@code !} command runs in a shell. */
    private static void less(List<Arg> args, List<Code> out) {
        for (Arg a : args) {
            String value = a.value();
            if (value.startsWith("+") || value.startsWith("-+")) {
                String command = value.substring(value.indexOf('+') + 1);
                int bang = command.indexOf('!');
                if (bang >= 0 && (bang == 0 || command.charAt(bang - 1) == ':')) {
                    out.add(new Code(new Arg(command.substring(bang + 1), a.unknown(), false), "less !"));
                }
            }
        }
    }

    /** The ssh options whose value is a local command ssh runs through the user's shell. */
    private static final List<String> SSH_COMMAND_OPTIONS = List.of("proxycommand", "localcommand",
            "knownhostscommand");
    /** The letters of ssh's (and scp's, sftp's) options that take a value. */
    private static final String SSH_VALUE_LETTERS = "BbcDEeFIiJLlmOoPpQRSWw";

    /**
     * {@code ssh -o ProxyCommand=CMD} (also {@code LocalCommand}, {@code KnownHostsCommand},
     * written {@code -oKEY=CMD} or {@code -o "KEY CMD"}), and for scp and sftp also
     * {@code -S PROGRAM}: commands run on this machine. And ssh's remote command: the words after
     * the destination, joined by blanks as ssh joins them for the remote shell. The destination may
     * be this very machine ({@code ssh localhost}), so the command is checked as one of its own.
     */
    private static void ssh(String program, List<Arg> args, List<Code> out) {
        int i = 0;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (!arg.startsWith("-") || arg.length() < 2) {
                break;
            }
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                if (SSH_VALUE_LETTERS.indexOf(letter) < 0) {
                    continue;
                }
                boolean attached = j + 1 < arg.length();
                if (!attached && i + 1 >= args.size()) {
                    break;
                }
                Arg value = attached ? new Arg(arg.substring(j + 1), args.get(i).unknown(), false) : args.get(++i);
                if (letter == 'o') {
                    sshOption(program, value, out);
                } else if (letter == 'S' && !program.equals("ssh")) {
                    out.add(new Code(value, program + " -S"));
                }
                break;
            }
            i++;
        }
        if (program.equals("ssh") && i + 1 < args.size()) {
            StringBuilder command = new StringBuilder();
            boolean unknown = false;
            for (int k = i + 1; k < args.size(); k++) {
                command.append(k > i + 1 ? " " : "").append(args.get(k).value());
                unknown |= args.get(k).unknown();
            }
            out.add(new Code(new Arg(command.toString(), unknown, false), RemoteShell.RUNNER + args.get(i).value()));
        }
    }

    /** {@code KEY=VALUE} or {@code KEY VALUE} of {@code -o}: a command when the key names one. */
    private static void sshOption(String program, Arg option, List<Code> out) {
        String text = option.value().strip();
        int split = 0;
        while (split < text.length() && text.charAt(split) != '=' && !Character.isWhitespace(text.charAt(split))) {
            split++;
        }
        if (split < text.length() && SSH_COMMAND_OPTIONS.contains(text.substring(0, split).toLowerCase(Locale.ROOT))) {
            String command = text.substring(split + 1).strip();
            out.add(new Code(new Arg(command, option.unknown(), false), program + " -o " + text.substring(0, split)));
        }
    }

    /** {@code rsync -e CMD}, {@code --rsh=CMD}: the remote shell is a command run on this machine. */
    private static void rsync(List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if ((arg.equals("-e") || arg.equals("--rsh")) && i + 1 < args.size()) {
                out.add(new Code(args.get(++i), "rsync --rsh"));
            } else if (arg.startsWith("--rsh=")) {
                out.add(new Code(new Arg(arg.substring("--rsh=".length()), args.get(i).unknown(), false), "rsync --rsh"));
            }
        }
    }

    /** {@code man -P PAGER}, {@code --pager=PAGER}, {@code -H BROWSER}, {@code --html=BROWSER}. */
    private static void man(List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if ((arg.equals("-P") || arg.equals("--pager")) && i + 1 < args.size()) {
                out.add(new Code(args.get(++i), "man --pager"));
            } else if (arg.startsWith("--pager=") || arg.startsWith("--html=")) {
                out.add(new Code(new Arg(arg.substring(arg.indexOf('=') + 1), args.get(i).unknown(), false), "man"));
            } else if (arg.startsWith("-P") && arg.length() > 2) {
                out.add(new Code(new Arg(arg.substring(2), args.get(i).unknown(), false), "man --pager"));
            }
        }
    }

    /**
     * {@code make --eval=TEXT} and {@code make -f -} (or {@code /dev/stdin}): the recipes of a
     * makefile the line gives, and its {@code $(shell …)} calls.
     */
    private static void make(String program, List<Arg> args, Input input, List<Code> out) {
        boolean named = false;
        for (Arg a : args) {
            named |= a.value().equals("-f") || a.value().startsWith("--file") || a.value().startsWith("--makefile");
        }
        if (!named) {
            // Without -f, make reads the first of these that exists: one the line wrote is known.
            for (String name : new String[] {"GNUmakefile", "makefile", "Makefile"}) {
                String makefile = input.file(name);
                if (makefile != null) {
                    Makefiles.commands(makefile).forEach(recipe -> out.add(new Code(Arg.literal(recipe), program + " recipe")));
                    break;
                }
            }
        }
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            String makefile = null;
            boolean unknown = false;
            if ((arg.equals("--eval") || arg.equals("-E")) && i + 1 < args.size()) {
                makefile = args.get(++i).value();
                unknown = args.get(i).unknown();
            } else if (arg.startsWith("--eval=")) {
                makefile = arg.substring("--eval=".length());
                unknown = args.get(i).unknown();
            } else if ((arg.equals("-f") || arg.equals("--file") || arg.equals("--makefile")) && i + 1 < args.size()
                    && isStdin(args.get(i + 1).value())) {
                i++;
                makefile = input.stdin();
                unknown = makefile == null;
            } else if ((arg.startsWith("--file=") || arg.startsWith("--makefile=")) && isStdin(arg.substring(arg.indexOf('=') + 1))) {
                makefile = input.stdin();
                unknown = makefile == null;
            } else if ((arg.equals("-f") || arg.equals("--file") || arg.equals("--makefile")) && i + 1 < args.size()) {
                makefile = input.file(args.get(++i).value());
            }
            if (unknown) {
                out.add(new Code(new Arg(makefile == null ? "" : makefile, true, false), program));
            } else if (makefile != null) {
                for (String recipe : Makefiles.commands(makefile)) {
                    out.add(new Code(Arg.literal(recipe), program + " recipe"));
                }
            }
        }
    }

    private static boolean isStdin(String path) {
        return path.equals("-") || path.equals("/dev/stdin") || path.equals("/dev/fd/0") || path.equals("/proc/self/fd/0");
    }

    /** {@code npx [options] PACKAGE ARGS…} and {@code npx -c STRING}: what runs. */
    private static void npx(String runner, List<Arg> args, int from, List<Code> out) {
        int i = from;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if ((arg.equals("-c") || arg.equals("--call")) && i + 1 < args.size()) {
                out.add(new Code(args.get(i + 1), runner + " -c"));
                return;
            }
            if (arg.startsWith("--call=")) {
                out.add(new Code(new Arg(arg.substring("--call=".length()), args.get(i).unknown(), false), runner + " -c"));
                return;
            }
            if (!arg.startsWith("-")) {
                break;
            }
            boolean value = arg.equals("-p") || arg.equals("--package") || arg.equals("--prefix")
                    || arg.equals("--registry") || arg.equals("--cache") || arg.equals("-w") || arg.equals("--workspace");
            i += value ? 2 : 1;
        }
        if (i < args.size()) {
            out.add(new Code(joined(args, i), runner));
        }
    }

    /** {@code npm exec …}, {@code pnpm dlx …}, {@code npm pkg set scripts.NAME=…}, {@code npm set-script NAME …}. */
    private static void packageManager(String program, List<Arg> args, List<Code> out) {
        int sub = 0;
        while (sub < args.size() && args.get(sub).value().startsWith("-")) {
            sub++;
        }
        if (sub >= args.size()) {
            return;
        }
        switch (args.get(sub).value()) {
            case "exec", "x", "dlx" -> npx(program + " " + args.get(sub).value(), args, sub + 1, out);
            case "pkg" -> {
                if (sub + 1 < args.size() && args.get(sub + 1).value().equals("set")) {
                    for (Arg a : args.subList(sub + 2, args.size())) {
                        int equals = a.value().indexOf('=');
                        if (a.value().startsWith("scripts.") && equals > 0) {
                            out.add(new Code(new Arg(a.value().substring(equals + 1), a.unknown(), false),
                                    program + " script " + a.value().substring(8, equals)));
                        }
                    }
                }
            }
            case "set-script" -> {
                if (sub + 2 < args.size()) {
                    out.add(new Code(args.get(sub + 2), program + " script " + args.get(sub + 1).value()));
                }
            }
            default -> {
            }
        }
    }

    /** {@code gdb -ex 'shell CMD'} and {@code -ex '!CMD'} (also {@code -iex}, {@code --eval-command=}). */
    private static void gdb(List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            String command = null;
            if ((arg.equals("-ex") || arg.equals("-iex") || arg.equals("--eval-command") || arg.equals("--init-eval-command"))
                    && i + 1 < args.size()) {
                command = args.get(++i).value();
            } else if (arg.startsWith("--eval-command=") || arg.startsWith("--init-eval-command=")) {
                command = arg.substring(arg.indexOf('=') + 1);
            }
            if (command == null) {
                continue;
            }
            String trimmed = command.strip();
            if (trimmed.startsWith("!")) {
                out.add(new Code(known(args, trimmed.substring(1)), "gdb shell"));
            } else if (trimmed.startsWith("shell ") || trimmed.startsWith("pipe ")) {
                out.add(new Code(known(args, trimmed.substring(trimmed.indexOf(' ') + 1)), "gdb shell"));
            }
        }
    }

    /** {@code expect -c 'spawn CMD…; …'}: what {@code spawn}, {@code exec} and {@code system} run. */
    private static void expect(List<Arg> args, List<Code> out) {
        for (int i = 0; i < args.size(); i++) {
            if (!args.get(i).value().equals("-c") || i + 1 >= args.size()) {
                continue;
            }
            for (String statement : statements(args.get(++i).value())) {
                String s = statement.strip();
                for (String keyword : new String[] {"spawn ", "exec ", "system "}) {
                    if (s.startsWith(keyword)) {
                        out.add(new Code(known(args, s.substring(keyword.length())), "expect " + keyword.strip()));
                    }
                }
            }
        }
    }

    /** GNU sed's {@code e COMMAND} runs a shell command; {@code e} alone or {@code s///e} runs text cordon cannot see. */
    private static void sed(String program, List<Arg> args, List<Code> out) {
        List<String> scripts = new ArrayList<>();
        boolean given = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if ((arg.equals("-e") || arg.equals("--expression")) && i + 1 < args.size()) {
                scripts.add(args.get(++i).value());
                given = true;
            } else if (arg.startsWith("--expression=")) {
                scripts.add(arg.substring("--expression=".length()));
                given = true;
            } else if (arg.equals("-f") || arg.equals("--file") || arg.equals("-l")) {
                i++;
            } else if (!arg.startsWith("-") && !given) {
                scripts.add(arg);
                given = true;
            }
        }
        for (String script : scripts) {
            for (String statement : statements(script)) {
                String command = SedScripts.shellCommand(statement);
                if (command != null) {
                    out.add(new Code(command.isEmpty() ? new Arg("", true, false) : known(args, command), program + " e"));
                }
            }
        }
    }

    /** {@code entr [-acdnprsz] COMMAND…}: with {@code -s} the command is a shell string. */
    private static void entr(List<Arg> args, List<Code> out) {
        int i = 0;
        boolean shell = false;
        while (i < args.size() && args.get(i).value().startsWith("-")) {
            shell |= args.get(i).value().indexOf('s') > 0;
            i++;
        }
        if (i < args.size()) {
            out.add(new Code(shell ? args.get(i) : joined(args, i), "entr"));
        }
    }

    /** {@code crontab [FILE|-]}: the command of each entry; {@code -l}, {@code -r} and {@code -e} read or remove. */
    private static void crontab(List<Arg> args, Input input, List<Code> out) {
        String file = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if (arg.equals("-u")) {
                i++;
            } else if (arg.equals("-l") || arg.equals("-r") || arg.equals("-e") || arg.equals("-i")) {
                return;
            } else {
                file = arg;
            }
        }
        if (file == null || !file.equals("-")) {
            return;
        }
        String table = input.stdin();
        if (table == null) {
            out.add(new Code(new Arg("", true, false), "crontab"));
            return;
        }
        for (String line : Wrappers.lines(table)) {
            String command = cronCommand(line);
            if (command != null) {
                out.add(new Code(Arg.literal(command), "crontab"));
            }
        }
    }

    /** The command of a crontab line: after five time fields, or after an {@code @keyword}. */
    private static String cronCommand(String line) {
        int equals = line.indexOf('=');
        if (line.startsWith("#") || (equals > 0 && VariableEffects.isName(line.substring(0, equals).strip()))) {
            return null;
        }
        int fields = line.startsWith("@") ? 1 : 5;
        int i = 0;
        for (int f = 0; f < fields; f++) {
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
        }
        return i < line.length() ? line.substring(i) : null;
    }

    /** Statements of a script separated by {@code ;} or newlines (quotes not honoured: a rough cut). */
    private static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= script.length(); i++) {
            if (i == script.length() || script.charAt(i) == ';' || script.charAt(i) == '\n') {
                if (i > from) {
                    out.add(script.substring(from, i));
                }
                from = i + 1;
            }
        }
        return out;
    }

    /** The words from {@code from} on as a shell command line, each quoted. */
    private static Arg joined(List<Arg> args, int from) {
        StringBuilder text = new StringBuilder();
        boolean unknown = false;
        for (int i = from; i < args.size(); i++) {
            if (i > from) {
                text.append(' ');
            }
            text.append(quote(args.get(i).value()));
            unknown |= args.get(i).unknown();
        }
        return new Arg(text.toString(), unknown, false);
    }

    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:@%+,".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A text taken from an argument: unknown when any argument it may come from is. */
    private static Arg known(List<Arg> args, String text) {
        for (Arg a : args) {
            if (a.unknown() && a.value().contains(text)) {
                return new Arg(text, true, false);
            }
        }
        return Arg.literal(text);
    }

    private static List<String> values(List<Arg> args) {
        List<String> values = new ArrayList<>(args.size());
        for (Arg a : args) {
            values.add(a.value());
        }
        return values;
    }
}
