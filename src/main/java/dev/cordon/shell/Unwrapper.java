package dev.cordon.shell;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns raw commands into {@link SimpleCommand}s: expands braces, unwraps wrappers
 * ({@code sudo}, {@code env}, {@code timeout}, {@code xargs}…), parses the strings that shells,
 * {@code eval}, {@code su -c}, {@code watch} and {@code flock -c} run, reports the commands of
 * {@code find -exec}, and normalises options.
 */
final class Unwrapper {

    /** More wrappers than this around one command is treated as an evasion attempt. */
    private static final int MAX_WRAPPERS = 16;
    /** More input lines than this for {@code xargs -I} or {@code parallel} is not followed one by one. */
    private static final int MAX_ITEMS = 16;
    static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish");

    private final ParseSession session;

    Unwrapper(ParseSession session) {
        this.session = session;
    }

    static String basename(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }

    /**
     * The program name of a dynamic word: its basename only when the part after the last slash
     * is plain text ({@code $DIR/rm} is {@code rm}; {@code $(echo /bin/x)} stays whole).
     */
    private static String dynamicName(String word) {
        String base = basename(word);
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            if (c == '$' || c == '`' || c == '(' || c == ')' || c == '{' || c == '}') {
                return word;
            }
        }
        return base;
    }

    void emit(RawCommand raw) {
        List<Redirection> redirections = new ArrayList<>(raw.redirects.size());
        for (RawCommand.Redirect r : raw.redirects) {
            redirections.add(new Redirection(r.fd(), r.operator(), r.target().value));
        }
        Expansions.State saved = session.expansions.state();
        if (raw.state != null) {
            // Strings the command runs are read with the variables it was read with.
            session.expansions.restore(raw.state);
        }
        int before = session.commands.size();
        Frame frame = new Frame(raw, List.copyOf(redirections));
        List<Arg> program = raw.words.isEmpty() ? List.of() : arguments(raw, raw.words.subList(0, 1));
        List<Arg> rest = arguments(raw, raw.words.subList(Math.min(1, raw.words.size()), raw.words.size()));
        if (!raw.words.isEmpty() && raw.words.get(0).choice && program.size() > 1) {
            // `$c` for a `c` that is one of several programs: one command per program.
            for (Arg one : program) {
                List<Arg> argv = new ArrayList<>(rest.size() + 1);
                argv.add(one);
                argv.addAll(rest);
                run(frame, argv, 0, new ArrayList<>(raw.wrappers()), new LinkedHashMap<>(raw.assignments), 0);
            }
        } else {
            List<Arg> argv = new ArrayList<>(program);
            argv.addAll(rest);
            run(frame, argv, 0, new ArrayList<>(raw.wrappers()), new LinkedHashMap<>(raw.assignments), 0);
        }
        session.expansions.restore(saved);
        FileWrites.record(raw, session.commands.subList(before, session.commands.size()), session.files);
    }

    /**
     * What every command unwrapped from one raw command shares; {@code placeholders} are the texts
     * {@code find -exec} ({@code {}}) and {@code xargs -I} replace with input at run time, and
     * {@code inputArguments} says that {@code xargs} adds arguments cordon cannot see.
     */
    private static final class Frame {
        final RawCommand raw;
        final List<Redirection> redirections;
        final List<String> placeholders = new ArrayList<>(0);
        /** Folders a wrapper runs the command in ({@code env -C DIR}). */
        final List<String> folders = new ArrayList<>(0);
        final Set<CodeEffect> effects = EnumSet.noneOf(CodeEffect.class);
        boolean inputArguments;

        Frame(RawCommand raw, List<Redirection> redirections) {
            this.raw = raw;
            this.redirections = redirections;
        }

        RawCommand raw() {
            return raw;
        }

        List<String> placeholders() {
            return placeholders;
        }

        boolean holdsPlaceholder(String text) {
            for (String placeholder : placeholders) {
                if (text.contains(placeholder)) {
                    return true;
                }
            }
            return false;
        }
    }

    private List<Arg> arguments(RawCommand raw, List<Word> words) {
        List<Arg> argv = new ArrayList<>(words.size());
        for (Word w : words) {
            if (!w.expands()) {
                argv.add(new Arg(w.value, w.unknown, w.glob));
                continue;
            }
            List<String> expanded = BraceExpansion.expand(w.value, w.braces, w.splits);
            if (expanded == null) {
                session.problem(raw.source, w.start, "brace expansion of " + ParseSession.quote(w.raw)
                        + " gives more than " + BraceExpansion.MAX_WORDS + " words");
                argv.add(new Arg(w.value, w.unknown, w.glob));
                continue;
            }
            for (String value : expanded) {
                // As in bash, an unquoted word that expands to nothing is no argument: {rm,} is rm.
                if (!value.isEmpty() || w.quoted) {
                    argv.add(new Arg(value, w.unknown, w.glob));
                }
            }
        }
        return argv;
    }

    private void run(Frame frame, List<Arg> argv, int start, List<String> wrappers,
            Map<String, String> assignments, int steps) {
        List<Arg> args = argv;
        int at = start;
        int unwrapped = steps;
        while (at < args.size()) {
            Arg program = args.get(at);
            String name = basename(program.value());
            if (program.dynamic()) {
                break;
            }
            if (unwrapped >= MAX_WRAPPERS && runsAnother(name)) {
                problem(frame, "more than " + MAX_WRAPPERS + " wrapper commands around " + ParseSession.quote(name));
                break;
            }
            if (at == 0 && session.functions.containsKey(program.value()) && !session.calling.contains(program.value())) {
                command(frame, args, at, wrappers, assignments);
                call(frame, args, at, wrappers, program.value());
                return;
            }
            if (SHELLS.contains(name)) {
                command(frame, args, at, wrappers, assignments);
                shell(frame, args, at, wrappers, assignments, name);
                return;
            }
            switch (name) {
                case "eval" -> {
                    command(frame, args, at, wrappers, assignments);
                    eval(frame, args, at, wrappers);
                    return;
                }
                case "find" -> {
                    command(frame, args, at, wrappers, assignments);
                    findExec(frame, args, at, wrappers, assignments, unwrapped);
                    return;
                }
                case "su", "runuser", "script", "sg" -> {
                    int next = name.equals("runuser") ? runuserCommand(args, at) : -1;
                    if (next < 0) {
                        command(frame, args, at, wrappers, assignments);
                        su(frame, args, at, wrappers, name);
                        return;
                    }
                    wrappers = with(wrappers, name);
                    at = next;
                }
                case "source", "." -> {
                    command(frame, args, at, wrappers, assignments);
                    // A sourced file could change directory too, but treating every
                    // `source venv/bin/activate && pytest tests/` as not understood would ask about
                    // the most common line there is; what a relative path then reaches is still
                    // confined by the OS sandbox's hidden and read-only paths.
                    if (at + 1 < args.size()) {
                        script(frame, args.get(at + 1), wrappers, name, assignments, null, Value.UNKNOWN);
                    }
                    return;
                }
                case "watch", "flock" -> {
                    int next = name.equals("watch")
                            ? watch(frame, args, at, wrappers, assignments)
                            : flock(frame, args, at, wrappers, assignments);
                    if (next < 0) {
                        return;
                    }
                    wrappers = with(wrappers, name);
                    at = next;
                }
                case "parallel", "sem" -> {
                    command(frame, args, at, wrappers, assignments);
                    parallel(frame, args, at, wrappers, assignments, unwrapped);
                    return;
                }
                default -> {
                    Wrappers.Step step = Wrappers.isWrapper(name) ? Wrappers.unwrap(name, args, at, assignments) : null;
                    if (step == null && Wrappers.startsShell(name, args, at)) {
                        // `sudo -s`, `doas -s`: a shell that reads its commands from the input.
                        command(frame, args, at, wrappers, assignments);
                        stdinCode(frame, wrappers, name + " -s");
                        return;
                    }
                    if (step == null) {
                        InterpreterCode.Language language = InterpreterCode.language(name);
                        if (language != null) {
                            interpreter(frame, args, at, wrappers, assignments, language);
                        } else {
                            command(frame, args, at, wrappers, assignments);
                            runsCode(frame, args, at, wrappers, assignments);
                        }
                        return;
                    }
                    wrappers = with(wrappers, name);
                    String folder = Wrappers.chdir(name, args, at, step.index());
                    if (folder != null) {
                        frame.folders.add(folder);
                    }
                    if (name.equals("xargs")) {
                        xargs(frame, args, at, step.index(), wrappers, assignments, unwrapped);
                        return;
                    }
                    args = step.argv();
                    at = step.index();
                }
            }
            unwrapped++;
        }
        if (at < args.size() || start == 0) {
            command(frame, args, at, wrappers, assignments);
        }
    }

    /**
     * The code a command runs that its program name does not show: a script the line wrote
     * ({@code ./x.sh}), an interpreter's one-liner, and the strings of programs that run their
     * arguments ({@code tar --to-command}, {@code git -c alias.x=!…}, {@code trap}…).
     */
    private void runsCode(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments) {
        Arg program = args.get(at);
        if (program.value().indexOf('/') >= 0 && session.files.known(program.value())) {
            script(frame, program, wrappers, program.value(), assignments, program.value(),
                    Value.array(values(args, at + 1)));
            return;
        }
        String name = basename(program.value());
        EmbeddedCode.Input input = new EmbeddedCode.Input() {
            @Override
            public String stdin() {
                return TextOutput.stdinCode(frame.raw(), session.files);
            }

            @Override
            public String file(String path) {
                return session.files.content(path);
            }
        };
        for (EmbeddedCode.Code code : EmbeddedCode.of(name, args, at, input)) {
            nested(frame, code.text(), wrappers, code.runner(), "`" + code.runner() + "` command");
        }
    }

    private static List<String> values(List<Arg> args, int from) {
        List<String> values = new ArrayList<>(Math.max(0, args.size() - from));
        for (int i = from; i < args.size(); i++) {
            values.add(args.get(i).value());
        }
        return values;
    }

    /**
     * A shell running a script file: a file the line wrote itself (or a {@code <(…)} whose output
     * is known) is read as code; standard input is read as {@link #stdinCode} does.
     */
    private void script(Frame frame, Arg file, List<String> wrappers, String runner,
            Map<String, String> assignments, String zero, Value positional) {
        if (isStdin(file.value())) {
            stdinCode(frame, wrappers, runner);
            return;
        }
        String content = file.unknown() && !file.value().startsWith("<(") ? null : session.files.content(file.value());
        if (content != null) {
            Arg code = Arg.literal(content);
            if (zero == null) {
                nested(frame, code, wrappers, runner, "file " + ParseSession.quote(file.value()) + " run by `" + runner + "`");
            } else {
                newShell(frame, code, wrappers, runner, assignments, zero, positional);
            }
        } else if (file.value().startsWith("<(")) {
            problem(frame, "`" + runner + "` runs the output of " + ParseSession.quote(file.value())
                    + ", which cordon cannot see");
        }
    }

    private static boolean runsAnother(String name) {
        return SHELLS.contains(name) || Wrappers.isWrapper(name) || switch (name) {
            case "eval", "find", "su", "runuser", "script", "sg", "watch", "flock", "parallel", "sem" -> true;
            default -> false;
        };
    }

    private static List<String> with(List<String> wrappers, String wrapper) {
        List<String> more = new ArrayList<>(wrappers.size() + 1);
        more.addAll(wrappers);
        more.add(wrapper);
        return more;
    }

    /** {@code bash [options] -c STRING [name args…]}, a script, or a shell reading its input. */
    private void shell(Frame frame, List<Arg> args, int at, List<String> wrappers, Map<String, String> assignments,
            String name) {
        int i = at + 1;
        boolean dashC = false;
        boolean dashS = false;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--") || arg.equals("-")) {
                i++;
                break;
            }
            if (arg.startsWith("--")) {
                i += arg.equals("--rcfile") || arg.equals("--init-file") ? 2 : 1;
                continue;
            }
            if (arg.length() < 2 || (arg.charAt(0) != '-' && arg.charAt(0) != '+')) {
                break;
            }
            boolean takesValue = false;
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                dashC |= letter == 'c' && arg.charAt(0) == '-';
                dashS |= letter == 's';
                takesValue |= letter == 'o' || letter == 'O';
            }
            i += takesValue ? 2 : 1;
        }
        if (dashC) {
            if (i < args.size()) {
                String zero = i + 1 < args.size() ? args.get(i + 1).value() : name;
                newShell(frame, args.get(i), wrappers, name + " -c", assignments, zero, parameters(args, i + 2));
            } else if (wrappers.contains("xargs")) {
                problem(frame, "`" + name + " -c` under `xargs` runs a string only known at run time");
            }
            return;
        }
        if (i < args.size() && !dashS) {
            script(frame, args.get(i), wrappers, name, assignments, args.get(i).value(), parameters(args, i + 1));
            return;
        }
        stdinCode(frame, wrappers, name);
    }

    /** The positional parameters a new shell gets from {@code args[from…]}; unknown if one is. */
    private static Value parameters(List<Arg> args, int from) {
        for (int i = from; i < args.size(); i++) {
            if (args.get(i).unknown()) {
                return Value.UNKNOWN;
            }
        }
        return Value.array(values(args, from));
    }

    /** Paths through which a program reads its own standard input as a file. */
    private static boolean isStdin(String path) {
        return path.equals("/dev/stdin") || path.equals("/dev/fd/0") || path.equals("/proc/self/fd/0")
                || path.equals("-");
    }

    /**
     * A shell (or {@code source}) that reads code from its standard input runs what a
     * here-document, a here-string, a file written earlier or the commands before it in the
     * pipeline give it. When that text cannot be known, the line is not understood: the shell
     * would run code no one has seen. {@code cat FILE | sh} is {@code sh FILE}.
     */
    private void stdinCode(Frame frame, List<String> wrappers, String name) {
        RawCommand raw = frame.raw();
        if (!TextOutput.hasInput(raw)) {
            return;
        }
        String code = TextOutput.stdinCode(raw, session.files);
        if (code != null) {
            nested(frame, Arg.literal(code), wrappers, name, "input of `" + name + "`");
        } else if (!TextOutput.readsFiles(raw) && !TextOutput.downloads(raw)) {
            // A download piped into it has a rule of its own.
            problem(frame, "`" + name + "` runs code it reads from its input, which cordon cannot see");
        }
    }

    /** {@code eval ARGS}: the arguments joined by spaces are parsed again. */
    private void eval(Frame frame, List<Arg> args, int at, List<String> wrappers) {
        if (at + 1 >= args.size()) {
            return;
        }
        StringBuilder joined = new StringBuilder();
        boolean unknown = false;
        for (int i = at + 1; i < args.size(); i++) {
            if (i > at + 1) {
                joined.append(' ');
            }
            joined.append(args.get(i).value());
            unknown |= args.get(i).unknown();
        }
        nested(frame, new Arg(joined.toString(), unknown, false), wrappers, "eval", "`eval` string");
    }

    /** {@code su [options] [user] -c STRING}, also {@code runuser}, {@code sg} and {@code script -c}. */
    private void su(Frame frame, List<Arg> args, int at, List<String> wrappers, String name) {
        for (int i = at + 1; i < args.size(); i++) {
            Arg a = args.get(i);
            String arg = a.value();
            if (arg.equals("--")) {
                return;
            }
            Arg string = null;
            if (arg.equals("--command") && i + 1 < args.size()) {
                string = args.get(i + 1);
            } else if (arg.startsWith("--command=")) {
                string = new Arg(arg.substring("--command=".length()), a.unknown(), false);
            } else if (arg.length() > 1 && arg.charAt(0) == '-' && arg.charAt(1) != '-' && arg.indexOf('c') > 0) {
                // -c STRING, or c at the end of a cluster (-lc, -qc), or -cSTRING.
                int c = arg.indexOf('c');
                string = c < arg.length() - 1 ? new Arg(arg.substring(c + 1), a.unknown(), false)
                        : i + 1 < args.size() ? args.get(i + 1) : null;
            }
            if (string != null) {
                newShell(frame, string, wrappers, name + " -c", Map.of(), name, Value.array(List.of()));
                return;
            }
            if (arg.equals("-s") || arg.equals("--shell") || arg.equals("-g") || arg.equals("-G")
                    || arg.equals("-w") || arg.equals("--group") || arg.equals("--supp-group")) {
                i++;
            }
        }
        if (name.equals("su")) {
            // Without -c, su starts a shell that reads its commands from the input.
            stdinCode(frame, wrappers, name);
        }
    }

    /** {@code runuser -u USER [--] COMMAND…}: where COMMAND starts, or -1 for the su-like forms. */
    private static int runuserCommand(List<Arg> args, int at) {
        boolean user = false;
        for (int i = at + 1; i < args.size(); i++) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                return user && i + 1 < args.size() ? i + 1 : -1;
            }
            if (arg.equals("-c") || arg.startsWith("--command")) {
                return -1;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                return user ? i : -1;
            }
            user |= arg.equals("-u") || arg.startsWith("--user");
            boolean value = arg.equals("-u") || arg.equals("--user") || arg.equals("-g") || arg.equals("-G")
                    || arg.equals("-s") || arg.equals("--group") || arg.equals("--supp-group")
                    || arg.equals("--shell") || arg.equals("-w");
            if (value) {
                i++;
            }
        }
        return -1;
    }

    /**
     * {@code watch [options] COMMAND…}: the words are joined and run by {@code sh -c}, unless
     * {@code -x} asks for them to be run directly. Returns the index of a direct command, or -1.
     */
    private int watch(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments) {
        int i = at + 1;
        boolean direct = false;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                break;
            }
            if (arg.startsWith("--")) {
                direct |= arg.equals("--exec");
                boolean value = arg.equals("--interval") || arg.equals("--equexit");
                i += value ? 2 : 1;
                continue;
            }
            int skip = 1;
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                direct |= letter == 'x';
                if (letter == 'n' || letter == 'q') {
                    skip = j == arg.length() - 1 ? 2 : 1;
                    break;
                }
                if (letter == 'd') {
                    break;
                }
            }
            i += skip;
        }
        if (i >= args.size()) {
            command(frame, args, at, wrappers, assignments);
            return -1;
        }
        if (direct) {
            return i;
        }
        StringBuilder joined = new StringBuilder();
        boolean unknown = false;
        for (int k = i; k < args.size(); k++) {
            joined.append(k > i ? " " : "").append(args.get(k).value());
            unknown |= args.get(k).unknown();
        }
        nested(frame, new Arg(joined.toString(), unknown, false), wrappers, "watch", "`watch` command");
        return -1;
    }

    /** {@code flock [options] FILE COMMAND…} or {@code flock [options] FILE -c STRING}. */
    private int flock(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments) {
        int i = at + 1;
        Arg string = null;
        while (i < args.size()) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                break;
            }
            if (arg.equals("-c") || arg.equals("--command")) {
                string = i + 1 < args.size() ? args.get(i + 1) : null;
                i += 2;
            } else {
                boolean value = arg.equals("-w") || arg.equals("-E") || arg.equals("--timeout")
                        || arg.equals("--conflict-exit-code");
                i += value ? 2 : 1;
            }
        }
        i++;
        if (string == null && i + 1 < args.size()
                && (args.get(i).value().equals("-c") || args.get(i).value().equals("--command"))) {
            string = args.get(i + 1);
        }
        if (string != null) {
            command(frame, args, at, wrappers, assignments);
            nested(frame, string, wrappers, "flock -c", "`flock -c` string");
            return -1;
        }
        if (i >= args.size()) {
            command(frame, args, at, wrappers, assignments);
            return -1;
        }
        return i;
    }

    /** {@code find … -exec CMD … ;}: each CMD is a command of its own. */
    private void findExec(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments, int steps) {
        int i = at + 1;
        while (i < args.size()) {
            String arg = args.get(i).value();
            i++;
            if (!OptionScanner.isExec(arg)) {
                continue;
            }
            int from = i;
            while (i < args.size() && !args.get(i).value().equals(";") && !args.get(i).value().equals("+")) {
                i++;
            }
            if (i > from) {
                List<Arg> segment = new ArrayList<>(args.subList(from, i));
                if (!frame.placeholders().contains("{}")) {
                    frame.placeholders().add("{}");
                }
                run(frame, segment, 0, with(wrappers, "find " + arg), new LinkedHashMap<>(assignments), steps + 1);
            }
            i++;
        }
    }

    /** A call of a function the line defines: its body, read with the call's arguments as {@code $1}…. */
    private void call(Frame frame, List<Arg> args, int at, List<String> wrappers, String name) {
        Expansions vars = session.expansions;
        Value outer = vars.positional();
        vars.overridePositional(parameters(args, at + 1));
        session.calling.add(name);
        nested(frame, Arg.literal(session.functions.get(name)), wrappers, "function " + name, "body of function `" + name + "`");
        session.calling.remove(name);
        vars.overridePositional(outer);
    }

    /** Parses a string that the same shell runs ({@code eval}, {@code trap}), one level deeper. */
    private void nested(Frame frame, Arg string, List<String> wrappers, String wrapper, String label) {
        RawCommand raw = frame.raw();
        if (string.unknown() || frame.holdsPlaceholder(string.value())) {
            problem(frame, "`" + wrapper + "` runs a string only known at run time: "
                    + ParseSession.quote(string.value()));
        }
        int depth = raw.depth + 1;
        if (depth > ParseSession.MAX_DEPTH) {
            problem(frame, "commands nested more than " + ParseSession.MAX_DEPTH + " levels deep");
            return;
        }
        session.parse(string.value(), label, depth, with(wrappers, wrapper));
    }

    /**
     * Parses a string a new shell runs ({@code sh -c STRING NAME ARGS…}): it sees the variables of
     * the line and those set for it ({@code X=1 sh -c …}), and its own positional parameters.
     */
    private void newShell(Frame frame, Arg string, List<String> wrappers, String wrapper,
            Map<String, String> assignments, String zero, Value positional) {
        Expansions vars = session.expansions;
        Expansions.State saved = vars.state();
        assignments.forEach((name, text) -> {
            Value value = frame.raw().values.get(name);
            boolean written = value != null && text.equals(frame.raw().assignments.get(name));
            vars.assign(name, written ? value : text.indexOf('$') >= 0 || text.indexOf('`') >= 0
                    ? Value.UNKNOWN : Value.scalar(text));
        });
        vars.newShell(zero, positional);
        nested(frame, string, wrappers, wrapper, "`" + wrapper + "` string");
        vars.restore(saved);
    }

    /**
     * {@code xargs [options] COMMAND…}: when its input is known, the command with the input's
     * words added (or put in place of {@code -I}'s text); otherwise the command takes arguments
     * cordon cannot see.
     */
    private void xargs(Frame frame, List<Arg> args, int at, int command, List<String> wrappers,
            Map<String, String> assignments, int steps) {
        String placeholder = Wrappers.xargsPlaceholder(args, at, command);
        String file = Wrappers.xargsFile(args, at, command);
        String input = file != null ? session.files.content(file) : TextOutput.stdin(frame.raw(), session.files);
        List<String> items = input == null ? null : Wrappers.xargsItems(input, args, at, command);
        List<Arg> inner = new ArrayList<>(args.subList(command, args.size()));
        if (items == null || (placeholder != null && items.size() > MAX_ITEMS)) {
            frame.inputArguments = true;
            if (placeholder != null) {
                frame.placeholders().add(placeholder);
            }
            run(frame, inner, 0, wrappers, assignments, steps + 1);
            return;
        }
        if (placeholder == null) {
            for (String item : items) {
                inner.add(Arg.literal(item));
            }
            run(frame, inner, 0, wrappers, assignments, steps + 1);
            return;
        }
        for (String item : items) {
            List<Arg> replaced = new ArrayList<>(inner.size());
            for (Arg a : inner) {
                replaced.add(new Arg(a.value().replace(placeholder, item), a.unknown(), a.glob()));
            }
            run(frame, replaced, 0, wrappers, assignments, steps + 1);
        }
    }

    /**
     * GNU {@code parallel [options] [COMMAND] ::: ARGS…} (or its input as arguments): each job is
     * a command line its shell runs, the command with one argument added or put in place of
     * {@code {}}; without a command, each argument is a command line.
     */
    private void parallel(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments, int steps) {
        Wrappers.Parallel jobs = Wrappers.parallel(args, at);
        List<String> items = jobs.arguments();
        if (items == null) {
            String input = jobs.files().isEmpty() ? TextOutput.stdin(frame.raw(), session.files)
                    : session.files.content(jobs.files().get(0));
            items = input == null ? null : Wrappers.lines(input);
        }
        if (items == null || items.size() > MAX_ITEMS) {
            if (jobs.command().isEmpty()) {
                problem(frame, "`parallel` runs command lines it reads from its input, which cordon cannot see");
            } else {
                frame.inputArguments = true;
                frame.placeholders().add("{}");
                nested(frame, Arg.literal(String.join(" ", jobs.command())), with(wrappers, "parallel"),
                        "parallel", "`parallel` command");
            }
            return;
        }
        for (String item : items) {
            String line;
            if (jobs.command().isEmpty()) {
                line = item;
            } else {
                String command = String.join(" ", jobs.command());
                // parallel quotes what it puts into the command line.
                String quoted = EmbeddedCode.quote(item);
                line = command.contains("{}") ? command.replace("{}", quoted) : command + " " + quoted;
            }
            nested(frame, Arg.literal(line), wrappers, "parallel", "`parallel` job");
        }
    }

    /**
     * An interpreter's code ({@code python -c}, {@code perl -e}, {@code node -e}, an awk program,
     * a script the line wrote or its input): the shell commands it runs, the files it deletes,
     * reads and writes, as shell commands of their own; code cordon cannot follow is a problem.
     */
    private void interpreter(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments, InterpreterCode.Language language) {
        String runner = basename(args.get(at).value());
        InterpreterCode.Source source = InterpreterCode.source(language, args.subList(at + 1, args.size()));
        String code;
        if (source == null) {
            command(frame, args, at, wrappers, assignments);
            return;
        }
        if (source.fromInput()) {
            if (!TextOutput.hasInput(frame.raw()) || TextOutput.readsFiles(frame.raw())) {
                command(frame, args, at, wrappers, assignments);
                return;
            }
            code = TextOutput.stdinCode(frame.raw(), session.files);
        } else if (source.file() != null) {
            code = session.files.content(source.file());
            if (code == null) {
                command(frame, args, at, wrappers, assignments);
                return;
            }
        } else {
            code = source.code();
        }
        boolean unknown = code == null || source.unknown();
        if (unknown) {
            command(frame, args, at, wrappers, assignments);
            problem(frame, "`" + runner + "` runs code cordon cannot see");
            return;
        }
        InterpreterCode.Analysis analysis = InterpreterCode.analyse(language, code);
        frame.effects.addAll(analysis.effects());
        command(frame, args, at, wrappers, assignments);
        String label = "`" + runner + "` code";
        for (String command : analysis.commands()) {
            nested(frame, Arg.literal(command), wrappers, runner, label);
        }
        for (String problem : analysis.problems()) {
            problem(frame, "`" + runner + "` " + problem);
        }
    }

    private void command(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments) {
        RawCommand raw = frame.raw();
        String rawProgram = at < args.size() ? args.get(at).value() : "";
        boolean dynamic = at < args.size() && args.get(at).dynamic();
        String program = dynamic ? dynamicName(rawProgram) : basename(rawProgram);
        List<String> values = new ArrayList<>(Math.max(0, args.size() - at - 1));
        Set<String> unknown = new LinkedHashSet<>(0);
        for (int i = at + 1; i < args.size(); i++) {
            values.add(args.get(i).value());
            if (args.get(i).unknown() || frame.holdsPlaceholder(args.get(i).value()) && frame.inputArguments) {
                unknown.add(args.get(i).value());
            }
        }
        if (!dynamic && frame.holdsPlaceholder(rawProgram)) {
            // The program is a found file's name or an input line: not known here.
            dynamic = true;
        }
        ScannedArgs scanned = OptionScanner.scan(program, values);
        SimpleCommand command = new SimpleCommand(program, rawProgram, values, scanned.flags(), scanned.operands(),
                frame.redirections, assignments, wrappers, raw.pipeline, raw.position,
                Math.max(1, raw.pipelineLength), raw.depth, dynamic, raw.text, directories(frame),
                unknown, frame.inputArguments, Set.copyOf(frame.effects));
        session.commands.add(command);
        if (session.unknownDirectory != null) {
            checkRelativeFiles(frame, command);
        }
        if (!dynamic && Directories.changes(program)) {
            Directories.change(session, program, args.subList(at + 1, args.size()), raw.text);
        }
        for (Map.Entry<String, String> a : assignments.entrySet()) {
            if (CodeVariables.holdsCode(a.getKey())) {
                Value value = raw.values.get(a.getKey());
                boolean known = value != null ? value.known() : a.getValue().indexOf('$') < 0;
                for (String code : CodeVariables.code(a.getKey(), a.getValue(), session.files)) {
                    nested(frame, new Arg(code, !known, false), wrappers, a.getKey(), "value of `" + a.getKey() + "`");
                }
            }
        }
    }

    /** The folders the command may run in besides the request's: after a {@code cd}, or given to {@code env -C}. */
    private List<String> directories(Frame frame) {
        if (frame.folders.isEmpty()) {
            return List.copyOf(session.directories);
        }
        List<String> all = new ArrayList<>(session.directories);
        all.addAll(frame.folders);
        return all;
    }

    /** After {@code cd "$X"} a relative path names an unknown file: the line cannot be checked. */
    private void checkRelativeFiles(Frame frame, SimpleCommand command) {
        for (FileArgument file : CommandFiles.of(command)) {
            if (!file.path().startsWith("/")) {
                problem(frame, "the working directory after " + ParseSession.quote(session.unknownDirectory)
                        + " is only known at run time, so " + ParseSession.quote(file.path()) + " cannot be checked");
                return;
            }
        }
    }

    private void problem(Frame frame, String message) {
        session.problem(frame.raw().source, frame.raw().start, message);
    }
}
