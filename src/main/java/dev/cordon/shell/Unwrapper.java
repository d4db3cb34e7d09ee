package dev.cordon.shell;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish");

    private final ParseSession session;
    /** The last command seen in each pipeline, for a shell that reads what it prints. */
    private final Map<Integer, RawCommand> lastInPipeline = new HashMap<>();

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
        Frame frame = new Frame(raw, List.copyOf(redirections), new ArrayList<>(0));
        run(frame, arguments(raw), 0, new ArrayList<>(raw.wrappers()), new LinkedHashMap<>(raw.assignments), 0);
        lastInPipeline.put(raw.pipeline, raw);
    }

    /**
     * What every command unwrapped from one raw command shares; {@code placeholders} are the texts
     * {@code find -exec} ({@code {}}) and {@code xargs -I} replace with input at run time.
     */
    private record Frame(RawCommand raw, List<Redirection> redirections, List<String> placeholders) {

        boolean holdsPlaceholder(String text) {
            for (String placeholder : placeholders) {
                if (text.contains(placeholder)) {
                    return true;
                }
            }
            return false;
        }
    }

    private List<Arg> arguments(RawCommand raw) {
        List<Arg> argv = new ArrayList<>(raw.words.size());
        for (Word w : raw.words) {
            if (w.braces == null) {
                argv.add(new Arg(w.value, w.unknown, w.glob));
                continue;
            }
            List<String> expanded = BraceExpansion.expand(w.value, w.braces);
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
            if (SHELLS.contains(name)) {
                command(frame, args, at, wrappers, assignments);
                shell(frame, args, at, wrappers, name);
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
                case "su", "runuser", "script" -> {
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
                    if (at + 1 < args.size() && isStdin(args.get(at + 1).value())) {
                        stdinCode(frame, wrappers, name);
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
                default -> {
                    Wrappers.Step step = Wrappers.isWrapper(name) ? Wrappers.unwrap(name, args, at, assignments) : null;
                    if (step == null) {
                        command(frame, args, at, wrappers, assignments);
                        return;
                    }
                    wrappers = with(wrappers, name);
                    if (name.equals("xargs")) {
                        String replaced = Wrappers.xargsPlaceholder(args, at, step.index());
                        if (replaced != null) {
                            frame.placeholders().add(replaced);
                        }
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

    private static boolean runsAnother(String name) {
        return SHELLS.contains(name) || Wrappers.isWrapper(name) || switch (name) {
            case "eval", "find", "su", "runuser", "script", "watch", "flock" -> true;
            default -> false;
        };
    }

    private static List<String> with(List<String> wrappers, String wrapper) {
        List<String> more = new ArrayList<>(wrappers.size() + 1);
        more.addAll(wrappers);
        more.add(wrapper);
        return more;
    }

    /** {@code bash [options] -c STRING [name args…]}, or a shell reading a here-document. */
    private void shell(Frame frame, List<Arg> args, int at, List<String> wrappers, String name) {
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
                nested(frame, args.get(i), wrappers, name + " -c", "`" + name + " -c` string");
            } else if (wrappers.contains("xargs")) {
                problem(frame, "`" + name + " -c` under `xargs` runs a string only known at run time");
            }
            return;
        }
        if (i < args.size() && !dashS && !isStdin(args.get(i).value())) {
            return;
        }
        stdinCode(frame, wrappers, name);
    }

    /** Paths through which a program reads its own standard input as a file. */
    private static boolean isStdin(String path) {
        return path.equals("/dev/stdin") || path.equals("/dev/fd/0") || path.equals("/proc/self/fd/0");
    }

    /**
     * A shell (or {@code source}) that reads code from its standard input runs what a here-document,
     * a here-string or the previous command of the pipeline gives it.
     */
    private void stdinCode(Frame frame, List<String> wrappers, String name) {
        RawCommand previous = lastInPipeline.get(frame.raw().pipeline);
        if (previous != null && previous.position == frame.raw().position - 1 && previous.depth == frame.raw().depth) {
            Arg piped = PipedText.of(previous);
            if (piped != null) {
                nested(frame, piped, wrappers, name, "input of `" + name + "`");
            }
        }
        for (RawCommand.Redirect r : frame.raw().redirects) {
            if (r.fd() != 0) {
                continue;
            }
            if (r.heredoc() != null) {
                String body = r.heredoc().body == null ? "" : r.heredoc().body;
                nested(frame, Arg.literal(body), wrappers, name, "here-document of `" + name + "`");
            } else if (r.operator().equals("<<<")) {
                Word w = r.target();
                nested(frame, new Arg(w.value, w.unknown, false), wrappers, name, "here-string of `" + name + "`");
            }
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

    /** {@code su [options] [user] -c STRING}, also {@code runuser} and {@code script -c}. */
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
                nested(frame, string, wrappers, name + " -c", "`" + name + " -c` string");
                return;
            }
            if (arg.equals("-s") || arg.equals("--shell") || arg.equals("-g") || arg.equals("-G")
                    || arg.equals("-w") || arg.equals("--group") || arg.equals("--supp-group")) {
                i++;
            }
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

    /** Parses a string that will run as shell code, one level deeper. */
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

    private void command(Frame frame, List<Arg> args, int at, List<String> wrappers,
            Map<String, String> assignments) {
        RawCommand raw = frame.raw();
        String rawProgram = at < args.size() ? args.get(at).value() : "";
        boolean dynamic = at < args.size() && args.get(at).dynamic();
        String program = dynamic ? dynamicName(rawProgram) : basename(rawProgram);
        List<String> values = new ArrayList<>(Math.max(0, args.size() - at - 1));
        for (int i = at + 1; i < args.size(); i++) {
            values.add(args.get(i).value());
        }
        if (!dynamic && frame.holdsPlaceholder(rawProgram)) {
            // The program is a found file's name or an input line: not known here.
            dynamic = true;
        }
        ScannedArgs scanned = OptionScanner.scan(program, values);
        SimpleCommand command = new SimpleCommand(program, rawProgram, values, scanned.flags(), scanned.operands(),
                frame.redirections(), assignments, wrappers, raw.pipeline, raw.position,
                Math.max(1, raw.pipelineLength), raw.depth, dynamic, raw.text, List.copyOf(session.directories));
        session.commands.add(command);
        if (session.unknownDirectory != null) {
            checkRelativeFiles(frame, command);
        }
        if (!dynamic && Directories.changes(program)) {
            Directories.change(session, program, args.subList(at + 1, args.size()), raw.text);
        }
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
