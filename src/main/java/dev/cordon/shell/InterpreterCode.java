package dev.cordon.shell;

import dev.cordon.shell.CodeTokens.Kind;
import dev.cordon.shell.CodeTokens.Token;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What an interpreter's one-liner does, in shell terms, as far as its calls show: the shell
 * commands it runs ({@code os.system}, {@code subprocess}, {@code system()}, backticks,
 * {@code child_process}…), the files it deletes ({@code shutil.rmtree}, {@code rmSync},
 * {@code FileUtils.rm_rf}…), reads and writes ({@code open}, {@code readFileSync}…), whether it
 * runs code fetched from the network or hands a shell to a socket. Each found action becomes a
 * shell command of its own ({@code rm -rf -- /}, {@code cat -- FILE}), so the same rules decide
 * it as for the shell. A command built at run time is a problem: cordon cannot see it.
 */
final class InterpreterCode {

    enum Language { PYTHON, PERL, RUBY, NODE, PHP, LUA, AWK }

    /**
     * Where the code comes from.
     *
     * @param code the code given on the command line, or null
     * @param unknown the code given on the command line depends on something only known at run time
     * @param file a script file, or null
     * @param fromInput the code is read from standard input
     */
    record Source(String code, boolean unknown, String file, boolean fromInput) {
    }

    /**
     * @param commands shell command lines the code runs or stands for
     * @param problems what the code does that cannot be seen, each a sentence that follows the program name
     * @param effects what it does that no shell command shows
     */
    record Analysis(List<String> commands, List<String> problems, Set<CodeEffect> effects) {
    }

    /** Nested literal code ({@code eval("…")}) is followed this deep. */
    private static final int MAX_NESTED = 3;

    private InterpreterCode() {
    }

    static Language language(String program) {
        if (program.startsWith("python") || program.startsWith("pypy")) {
            return program.length() > 6 && !isVersion(program.substring(program.startsWith("python") ? 6 : 4)) ? null
                    : Language.PYTHON;
        }
        if (program.startsWith("lua")) {
            return program.equals("lua") || program.equals("luajit") || isVersion(program.substring(3)) ? Language.LUA : null;
        }
        return switch (program) {
            case "perl", "perl5" -> Language.PERL;
            case "ruby", "jruby" -> Language.RUBY;
            case "node", "nodejs", "bun", "deno" -> Language.NODE;
            case "php", "php-cli" -> Language.PHP;
            case "awk", "gawk", "mawk", "nawk" -> Language.AWK;
            default -> null;
        };
    }

    private static boolean isVersion(String suffix) {
        if (suffix.isEmpty()) {
            return true;
        }
        for (int i = 0; i < suffix.length(); i++) {
            char c = suffix.charAt(i);
            if (!Character.isDigit(c) && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** Where the interpreter takes its code from; null when it runs none the line could show (a module). */
    static Source source(Language language, List<Arg> args) {
        return switch (language) {
            case AWK -> awk(args);
            case PYTHON -> options(args, "c", "mWXQ", true);
            case PERL, RUBY -> options(args, "eE", "IMmxdDCrFil0", false);
            case NODE -> node(args);
            case PHP -> options(args, "rRBE", "fcdzn", false);
            case LUA -> options(args, "e", "l", false);
        };
    }

    /**
     * Options in clusters: a letter of {@code code} takes the code (rest of the cluster or the next
     * word, several joined by newlines), a letter of {@code valued} takes a value; the first
     * operand is a script. Python's {@code -m} runs a module: no code to read.
     */
    private static Source options(List<Arg> args, String code, String valued, boolean moduleStops) {
        StringBuilder text = null;
        boolean unknown = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if (arg.equals("--")) {
                return text != null ? new Source(text.toString(), unknown, null, false) : script(args, i + 1);
            }
            if (!arg.startsWith("-") || arg.equals("-")) {
                return text != null ? new Source(text.toString(), unknown, null, false)
                        : arg.equals("-") ? new Source(null, false, null, true) : new Source(null, false, arg, false);
            }
            if (arg.startsWith("--")) {
                continue;
            }
            for (int j = 1; j < arg.length(); j++) {
                char letter = arg.charAt(j);
                if (moduleStops && letter == 'm') {
                    return null;
                }
                if (code.indexOf(letter) >= 0) {
                    String value = j + 1 < arg.length() ? arg.substring(j + 1) : i + 1 < args.size() ? args.get(++i).value() : "";
                    unknown |= j + 1 < arg.length() ? args.get(i).unknown() : args.get(i).unknown();
                    text = text == null ? new StringBuilder(value) : text.append('\n').append(value);
                    break;
                }
                if (valued.indexOf(letter) >= 0) {
                    if (j + 1 == arg.length()) {
                        i++;
                    }
                    break;
                }
            }
        }
        return text != null ? new Source(text.toString(), unknown, null, false) : new Source(null, false, null, true);
    }

    private static Source script(List<Arg> args, int at) {
        if (at >= args.size()) {
            return new Source(null, false, null, true);
        }
        String file = args.get(at).value();
        return file.equals("-") ? new Source(null, false, null, true) : new Source(null, false, file, false);
    }

    /** {@code node -e CODE}, {@code --eval=CODE}, {@code -p CODE}, a script, or its input. */
    private static Source node(List<Arg> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if ((arg.equals("-e") || arg.equals("--eval") || arg.equals("-p") || arg.equals("--print")) && i + 1 < args.size()) {
                return new Source(args.get(i + 1).value(), args.get(i + 1).unknown(), null, false);
            }
            if (arg.startsWith("--eval=") || arg.startsWith("--print=")) {
                return new Source(arg.substring(arg.indexOf('=') + 1), args.get(i).unknown(), null, false);
            }
            if (arg.equals("-r") || arg.equals("--require") || arg.equals("--import") || arg.equals("--loader")) {
                i++;
            } else if (arg.equals("eval") && i == 0 && i + 1 < args.size()) {
                return new Source(args.get(i + 1).value(), args.get(i + 1).unknown(), null, false);
            } else if (arg.equals("run") && i == 0) {
                continue;
            } else if (!arg.startsWith("-") || arg.equals("-")) {
                return script(args, i);
            }
        }
        return new Source(null, false, null, true);
    }

    /** {@code awk [-F fs] [-v a=b] 'PROGRAM' FILE…} or {@code awk -f PROGFILE}. */
    private static Source awk(List<Arg> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value();
            if (arg.equals("-f") || arg.equals("--file")) {
                return i + 1 < args.size() ? new Source(null, false, args.get(i + 1).value(), false) : null;
            }
            if (arg.equals("-e") || arg.equals("--source")) {
                return i + 1 < args.size() ? new Source(args.get(i + 1).value(), args.get(i + 1).unknown(), null, false) : null;
            }
            if (arg.equals("-F") || arg.equals("-v") || arg.equals("--assign") || arg.equals("--field-separator")) {
                i++;
            } else if (arg.equals("--")) {
                return i + 1 < args.size() ? new Source(args.get(i + 1).value(), args.get(i + 1).unknown(), null, false) : null;
            } else if (!arg.startsWith("-")) {
                return new Source(arg, args.get(i).unknown(), null, false);
            }
        }
        return null;
    }

    static Analysis analyse(Language language, String code) {
        Analysis out = new Analysis(new ArrayList<>(), new ArrayList<>(), EnumSet.noneOf(CodeEffect.class));
        new Reader(language, code, out, 0).read();
        return new Analysis(List.copyOf(out.commands()), List.copyOf(out.problems()), Set.copyOf(out.effects()));
    }

    /** Walks the tokens of one piece of code, adding what it finds to an analysis. */
    private static final class Reader {

        private final Language language;
        private final List<Token> tokens;
        private final Analysis out;
        private final int depth;
        private final String code;

        Reader(Language language, String code, Analysis out, int depth) {
            this.language = language;
            this.code = code;
            this.tokens = CodeTokens.of(language, code);
            this.out = out;
            this.depth = depth;
        }

        void read() {
            boolean network = CodeWords.fetches(language, code);
            boolean unseenExec = false;
            boolean evaluates = false;
            List<String> walked = new ArrayList<>(0);
            boolean unknownDelete = false;
            boolean itemDelete = false;
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.kind() == Kind.COMMAND_STRING) {
                    unseenExec |= command(t);
                    continue;
                }
                if (language == Language.AWK && t.kind() == Kind.STRING && awkPipe(i)) {
                    unseenExec |= command(t) || isShell(t.text());
                    continue;
                }
                if (t.kind() != Kind.NAME) {
                    continue;
                }
                String name = t.last();
                List<Token> args = arguments(i);
                if (args == null && CodeWords.deletes(language, name)) {
                    args = bareDeleteArguments(i);
                }
                if (args == null) {
                    // `.then(eval)` in JavaScript, `eval get(URL)` in Perl: code built at run time.
                    boolean bare = i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.NAME
                            && (language == Language.PERL || language == Language.RUBY);
                    evaluates |= (language == Language.NODE || bare) && CodeWords.evaluates(language, name);
                    continue;
                }
                if (CodeWords.runsShell(language, t.text(), name, code)) {
                    unseenExec |= shell(name, args);
                } else if (CodeWords.evaluates(language, name)) {
                    evaluates |= evaluate(args);
                } else if (CodeWords.deletes(language, name)) {
                    Boolean unknownTarget = delete(name, args, i);
                    if (unknownTarget != null) {
                        unknownDelete |= unknownTarget;
                        itemDelete |= !unknownTarget;
                    }
                } else if (CodeWords.walks(language, name)) {
                    Token first = first(args);
                    String receiver = receiverPath(i);
                    if (receiver != null) {
                        walked.add(receiver);
                    } else if (first != null && first.kind() == Kind.STRING && !first.dynamic()) {
                        walked.add(first.text());
                    }
                } else if (CodeWords.opensFile(language, name)) {
                    unseenExec |= file(name, args, i);
                }
            }
            if (unknownDelete || itemDelete) {
                for (String root : walked) {
                    out.commands().add("rm -r -f -- " + homeAware(root));
                }
                if (walked.isEmpty() && unknownDelete) {
                    out.problems().add("deletes files it finds only when it runs; name them instead");
                }
            }
            if (network) {
                out.effects().add(CodeEffect.DOWNLOADS);
            }
            if (network && (evaluates || unseenExec)) {
                out.effects().add(CodeEffect.RUNS_DOWNLOADED_CODE);
            } else if (unseenExec) {
                out.problems().add("runs a command it builds only when it runs, which cordon cannot see");
            } else if (evaluates) {
                out.problems().add("runs code it builds only when it runs, which cordon cannot see");
            }
            if (CodeWords.connectsSocket(language, code) && CodeWords.redirectsToShell(code, out.commands())) {
                out.effects().add(CodeEffect.NETWORK_SHELL);
            }
        }

        /**
         * The argument tokens of a call at {@code i}: inside the parentheses after the name, or
         * (Perl, Ruby, PHP, Lua) the tokens up to the end of the statement when a literal
         * follows the name directly; null when the name is not called.
         */
        private List<Token> arguments(int i) {
            if (i + 1 >= tokens.size()) {
                return null;
            }
            Token next = tokens.get(i + 1);
            if (next.is("(")) {
                int depthCount = 0;
                for (int k = i + 1; k < tokens.size(); k++) {
                    Token t = tokens.get(k);
                    if (t.is("(") || t.is("[") || t.is("{")) {
                        depthCount++;
                    } else if (t.is(")") || t.is("]") || t.is("}")) {
                        depthCount--;
                        if (depthCount == 0) {
                            return tokens.subList(i + 2, k);
                        }
                    }
                }
                return tokens.subList(i + 2, tokens.size());
            }
            boolean bare = language == Language.PERL || language == Language.RUBY || language == Language.LUA;
            if (bare && (next.kind() == Kind.STRING || next.kind() == Kind.COMMAND_STRING || next.is("["))) {
                int k = i + 1;
                while (k < tokens.size() && !tokens.get(k).is(";") && !tokens.get(k).is("}")) {
                    k++;
                }
                return tokens.subList(i + 1, k);
            }
            return null;
        }

        /**
         * The arguments of a delete called without parentheses on a computed target, as Perl and
         * Ruby allow: {@code unlink glob "~/*"}, {@code rmtree $ENV{HOME}},
         * {@code FileUtils.rm_rf Dir.home}; null when the name is not called that way.
         */
        private List<Token> bareDeleteArguments(int i) {
            if ((language != Language.PERL && language != Language.RUBY) || i + 1 >= tokens.size()
                    || tokens.get(i + 1).kind() != Kind.NAME) {
                return null;
            }
            int k = i + 1;
            while (k < tokens.size() && !tokens.get(k).is(";") && !tokens.get(k).is("}")) {
                k++;
            }
            return tokens.subList(i + 1, k);
        }

        /** A call that runs a shell command; true when the command is built at run time. */
        private boolean shell(String name, List<Token> args) {
            List<List<Token>> list = split(args);
            if (list.isEmpty()) {
                return false;
            }
            List<Token> first = list.get(0);
            // os.execvp(path, argv), os.spawnlp(mode, path, argv0, …): the path comes before argv.
            boolean execFamily = language == Language.PYTHON && (name.startsWith("exec") && name.length() > 4
                    || name.startsWith("spawn") && name.length() > 5) || name.equals("pcntl_exec");
            List<String> argv = new ArrayList<>();
            boolean dynamic = false;
            int from = 0;
            if (execFamily && language == Language.PYTHON && name.startsWith("spawn")) {
                from = 1; // the mode
            }
            for (int a = from; a < list.size(); a++) {
                List<Token> arg = list.get(a);
                if (arg.isEmpty() || isKeyword(arg)) {
                    break;
                }
                if (arg.get(0).is("[") || arg.get(0).is("(")) {
                    for (Token t : arg) {
                        if (t.kind() == Kind.STRING) {
                            argv.add(t.text());
                            dynamic |= t.dynamic();
                        } else if (t.kind() == Kind.NAME) {
                            dynamic = true;
                        }
                    }
                    break;
                }
                if (arg.size() == 1 && arg.get(0).kind() == Kind.STRING) {
                    argv.add(arg.get(0).text());
                    dynamic |= arg.get(0).dynamic();
                } else if (arg.get(0).is("{")) {
                    break; // options of node's exec()
                } else {
                    dynamic = true;
                    break;
                }
                if (a == from && !execFamily && list.size() > from + 1 && !(list.get(a + 1).get(0).is("["))
                        && language != Language.PERL && language != Language.RUBY) {
                    break; // the command line, then options
                }
            }
            if (argv.isEmpty()) {
                return true;
            }
            if (execFamily && argv.size() > 1) {
                argv.remove(0); // the path; argv[0] follows
            }
            if (dynamic) {
                return true;
            }
            out.commands().add(argv.size() == 1 && !first.isEmpty() && !first.get(0).is("[")
                    ? argv.get(0) : joined(argv));
            return false;
        }

        /** awk's {@code "cmd" | getline} and {@code print … | "cmd"}: the literal is a command. */
        private boolean awkPipe(int i) {
            boolean getline = i + 2 < tokens.size() && tokens.get(i + 1).is("|") && tokens.get(i + 2).text().equals("getline");
            boolean printTo = i > 0 && tokens.get(i - 1).is("|") && (i < 2 || !tokens.get(i - 2).is("|"));
            return getline || printTo;
        }

        private static boolean isShell(String command) {
            return Unwrapper.SHELLS.contains(Unwrapper.basename(command.strip()));
        }

        /** {@code `cmd`}, {@code qx{cmd}}, {@code %x(cmd)}: true when built at run time. */
        private boolean command(Token t) {
            if (t.dynamic()) {
                return true;
            }
            out.commands().add(t.text());
            return false;
        }

        /** {@code eval("code")} of this language: literal code is read in turn; true when built at run time. */
        private boolean evaluate(List<Token> args) {
            Token first = first(args);
            if (first != null && first.kind() == Kind.STRING && !first.dynamic()) {
                if (depth < MAX_NESTED) {
                    new Reader(language, first.text(), out, depth + 1).read();
                }
                return false;
            }
            // `eval { … }` in Perl is a block, not a string.
            return first == null || !(language == Language.PERL && args.get(0).is("{"));
        }

        /**
         * A delete call: the equivalent {@code rm}. Null when its target is known; true when a file
         * module deletes a target only known at run time; false for a method whose object is not
         * known ({@code p.unlink()}), which counts only when the code walks folders.
         */
        private Boolean delete(String name, List<Token> args, int at) {
            boolean recursive = CodeWords.deletesTrees(language, name) || mentionsRecursive(args);
            String target = target(args);
            if (target == null) {
                target = receiverPath(at);
            }
            if (target == null) {
                // `list.remove(x)` is no file: only a file module's call, or a method on what the
                // code walks (`p.unlink()` for each `p` of `Path("/").rglob("*")`), counts.
                return CodeWords.fileModule(language, tokens.get(at).text(), name);
            }
            out.commands().add((recursive ? "rm -r -f -- " : "rm -f -- ") + homeAware(target));
            return null;
        }

        /** A path as a shell word, {@code ~} still the home folder: globs and file helpers expand it. */
        private static String homeAware(String path) {
            if (path.equals("~")) {
                return "~";
            }
            return path.startsWith("~/") ? "~/" + EmbeddedCode.quote(path.substring(2)) : EmbeddedCode.quote(path);
        }

        private static boolean mentionsRecursive(List<Token> args) {
            for (Token t : args) {
                if (t.kind() == Kind.NAME && t.text().equals("recursive")) {
                    return true;
                }
            }
            return false;
        }

        /** The path a call's first argument names: a literal, the home folder, or null when unknown. */
        private String target(List<Token> args) {
            List<List<Token>> list = split(args);
            if (list.isEmpty() || list.get(0).isEmpty()) {
                return null;
            }
            List<Token> first = list.get(0);
            if (CodeWords.isHome(first)) {
                return "~";
            }
            Token literal = first.get(0);
            if (first.size() == 1 && literal.kind() == Kind.STRING && !literal.dynamic()) {
                return literal.text();
            }
            String wrapped = wrappedLiteral(first);
            if (wrapped != null) {
                return wrapped;
            }
            if (literal.kind() == Kind.NAME && (literal.last().equals("Path") || literal.last().equals("path"))
                    && first.size() > 2 && first.get(2).kind() == Kind.STRING && !first.get(2).dynamic()) {
                return first.get(2).text();
            }
            return null;
        }

        /**
         * {@code open("f")}, {@code readFileSync("f")}, {@code Path("f").read_text()}: a read or a
         * write of the file. Perl's and Ruby's {@code open} with a pipe run a command instead.
         */
        private boolean file(String name, List<Token> args, int at) {
            List<List<Token>> list = split(args);
            if ((language == Language.PERL || language == Language.RUBY) && pipeOpen(list)) {
                return true;
            }
            String path = target(args);
            if (path == null && (language == Language.PERL) && list.size() > 1) {
                path = literalAt(list, list.size() - 1);
            }
            if (path == null) {
                path = receiverPath(at);
            }
            if (path == null) {
                return false;
            }
            boolean write = CodeWords.writesFile(language, name, args, tokens, at);
            String stripped = path;
            while (!stripped.isEmpty() && "<>+ ".indexOf(stripped.charAt(0)) >= 0) {
                stripped = stripped.substring(1);
            }
            if (!stripped.isEmpty()) {
                out.commands().add((write ? "touch -- " : "cat -- ") + EmbeddedCode.quote(stripped));
            }
            return false;
        }

        /** {@code open(F, "cmd |")}, {@code open(F, "-|", "cmd")}, Ruby's {@code open("|cmd")}: adds the command. */
        private boolean pipeOpen(List<List<Token>> list) {
            for (int a = 0; a < list.size(); a++) {
                String text = literalAt(list, a);
                if (text == null) {
                    continue;
                }
                String t = text.strip();
                if ((t.equals("-|") || t.equals("|-")) && a + 1 < list.size()) {
                    String command = literalAt(list, a + 1);
                    if (command == null) {
                        return true;
                    }
                    out.commands().add(command);
                    return t.equals("|-") && isShell(command); // the code writes into a shell
                }
                if (t.startsWith("|") || (t.endsWith("|") && t.length() > 1)) {
                    String command = t.startsWith("|") ? t.substring(1) : t.substring(0, t.length() - 1);
                    out.commands().add(command);
                    return t.startsWith("|") && isShell(command);
                }
            }
            return false;
        }

        private static String literalAt(List<List<Token>> list, int a) {
            List<Token> arg = list.get(a);
            return arg.size() == 1 && arg.get(0).kind() == Kind.STRING && !arg.get(0).dynamic() ? arg.get(0).text() : null;
        }

        /** {@code Path("f").read_text()}: the literal of the call the method is called on. */
        private String receiverPath(int at) {
            if (at < 2 || !tokens.get(at - 1).is(".") || !tokens.get(at - 2).is(")")) {
                return null;
            }
            int close = at - 2;
            int nesting = 0;
            for (int k = close; k >= 0; k--) {
                if (tokens.get(k).is(")")) {
                    nesting++;
                } else if (tokens.get(k).is("(")) {
                    nesting--;
                    if (nesting == 0) {
                        boolean literal = k + 2 == close && tokens.get(k + 1).kind() == Kind.STRING && !tokens.get(k + 1).dynamic();
                        return literal && k > 0 && tokens.get(k - 1).kind() == Kind.NAME ? tokens.get(k + 1).text() : null;
                    }
                }
            }
            return null;
        }

        /**
         * {@code os.path.expanduser("~/.ssh/id_rsa")}, {@code File.expand_path("~/x")}: the one
         * literal inside calls that only wrap it; null when anything else is passed.
         */
        private static String wrappedLiteral(List<Token> arg) {
            String literal = null;
            for (int k = 0; k < arg.size(); k++) {
                Token t = arg.get(k);
                if (t.kind() == Kind.STRING) {
                    if (literal != null || t.dynamic()) {
                        return null;
                    }
                    literal = t.text();
                } else if (t.kind() == Kind.NAME) {
                    if (k + 1 >= arg.size() || !arg.get(k + 1).is("(")) {
                        return null;
                    }
                } else if (!t.is("(") && !t.is(")")) {
                    return null;
                }
            }
            return literal;
        }

        private static Token first(List<Token> args) {
            return args.isEmpty() ? null : args.get(0);
        }

        /** Python's {@code shell=True} and the like end the positional arguments. */
        private static boolean isKeyword(List<Token> arg) {
            return arg.size() > 1 && arg.get(0).kind() == Kind.NAME && arg.get(1).is("=");
        }

        /** The arguments of a call, split at the commas outside brackets. */
        private static List<List<Token>> split(List<Token> args) {
            List<List<Token>> out = new ArrayList<>();
            List<Token> current = new ArrayList<>();
            int nesting = 0;
            for (Token t : args) {
                if (t.is("(") || t.is("[") || t.is("{")) {
                    nesting++;
                } else if (t.is(")") || t.is("]") || t.is("}")) {
                    nesting--;
                }
                if (nesting == 0 && t.is(",")) {
                    out.add(current);
                    current = new ArrayList<>();
                } else {
                    current.add(t);
                }
            }
            if (!current.isEmpty()) {
                out.add(current);
            }
            return out;
        }

        private static String joined(List<String> argv) {
            StringBuilder text = new StringBuilder();
            for (String word : argv) {
                if (!text.isEmpty()) {
                    text.append(' ');
                }
                text.append(EmbeddedCode.quote(word));
            }
            return text.toString();
        }
    }
}
