package dev.cordon.engine;

import dev.cordon.approval.StandingApproval;
import dev.cordon.fact.Assignment;
import dev.cordon.fact.Call;
import dev.cordon.fact.Command;
import dev.cordon.fact.Destination;
import dev.cordon.fact.Execution;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.fact.FileAccess;
import dev.cordon.fact.HiddenCharacters;
import dev.cordon.fact.InvalidPath;
import dev.cordon.fact.McpTool;
import dev.cordon.fact.Operand;
import dev.cordon.fact.ParseProblem;
import dev.cordon.fact.PolicyFiles;
import dev.cordon.fact.ShellFunction;
import dev.cordon.fact.ToolKind;
import dev.cordon.path.PathNormalizer;
import dev.cordon.path.RealPaths;
import dev.cordon.request.Request;
import dev.cordon.shell.Access;
import dev.cordon.shell.FileArgument;
import dev.cordon.shell.ParsedCommand;
import dev.cordon.shell.SimpleCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a request into the facts the rules match: the call, its commands and its file accesses. */
final class FactBuilder {

    /** {@code name() {}} and {@code function name}: enough to see a function call itself. */
    private static final Pattern FUNCTION = Pattern.compile(
            "(?:^|[\\s;&|(){}])(?:function\\s+)?([^\\s;&|(){}<>'\"=$`]+)\\s*\\(\\s*\\)|function\\s+([^\\s;&|(){}<>'\"=$`]+)");

    /** Builtins that change the working directory of the commands after them. */
    private static final Set<String> CHANGE_DIRECTORY = Set.of("cd", "pushd");

    /** Builtins whose {@code NAME=value} operands set variables for later commands. */
    private static final Set<String> DECLARERS = Set.of("export", "declare", "typeset", "readonly", "local");

    /**
     * What the rules get, and what the explanation shows.
     *
     * @param call the call
     * @param all every fact to insert
     * @param parsed the parser's simple commands
     * @param accesses the file accesses checked
     * @param problems what the parser or the path checks could not understand
     */
    record Facts(Call call, List<Object> all, List<SimpleCommand> parsed, List<FileAccess> accesses,
            List<String> problems) {
    }

    private final List<Object> facts = new ArrayList<>();
    private final List<FileAccess> accesses = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    /** Links as they are now, each folder looked at once for the whole call. */
    private final RealPaths realPaths = new RealPaths();
    /** Symbolic links the line creates, link to target: a later path through one reaches the target. */
    private final Map<String, String> links = new HashMap<>(0);
    private final PathNormalizer normalizer;
    private final String home;
    private final String cwd;
    private final String workspace;

    private FactBuilder(String home, String cwd, String workspace) {
        this.home = home;
        this.cwd = cwd;
        this.workspace = workspace;
        this.normalizer = new PathNormalizer(home, cwd);
    }

    static Facts build(Request request, ProfileFacts profile, ExecutorFacts executor,
            List<StandingApproval> approvals, PolicyFiles policyFiles) {
        String home = request.env().getOrDefault("HOME", System.getProperty("user.home"));
        Path cwdPath = request.cwd() != null ? request.cwd()
                : request.workspace() != null ? request.workspace() : Path.of("").toAbsolutePath();
        Path workspacePath = request.workspace() != null ? request.workspace() : cwdPath;
        String cwd = PathNormalizer.normalize(cwdPath.toAbsolutePath().toString(), home, null);
        String workspace = PathNormalizer.normalize(workspacePath.toAbsolutePath().toString(), home, null);
        FactBuilder builder = new FactBuilder(home, cwd, workspace);
        return builder.collect(request, profile, executor, approvals, policyFiles);
    }

    private Facts collect(Request request, ProfileFacts profile, ExecutorFacts executor,
            List<StandingApproval> approvals, PolicyFiles policyFiles) {
        ToolKind kind = ToolKind.of(request.tool());
        String line = null;
        List<SimpleCommand> parsed = List.of();
        if (kind == ToolKind.SHELL) {
            line = request.command() != null ? request.command()
                    : request.argv() != null ? ShellQuoting.join(request.argv()) : "";
            parsed = shell(line, request.env());
        } else if (request.connection() != null) {
            facts.add(Destination.of(request.connection()));
        } else if (request.path() != null) {
            Access access = kind == ToolKind.READ || kind == ToolKind.LIST ? Access.READ : Access.WRITE;
            access(request.path(), access, "path", null, normalizer, false);
        }
        Call call = new Call(request.tool().name(), kind, line, request.path(), home, cwd, workspace);
        facts.add(call);
        HiddenCharacters hidden = HiddenCharacters.in(line != null ? line : request.path());
        if (hidden != null) {
            facts.add(hidden);
        }
        McpTool mcp = McpTool.of(request.tool().name());
        if (mcp != null) {
            facts.add(mcp);
        }
        facts.addAll(profile.facts());
        facts.add(executor);
        facts.addAll(approvals);
        facts.add(policyFiles);
        return new Facts(call, List.copyOf(facts), parsed, List.copyOf(accesses), List.copyOf(problems));
    }

    private List<SimpleCommand> shell(String line, Map<String, String> env) {
        Map<String, String> shellEnv = new HashMap<>(env);
        shellEnv.putIfAbsent("HOME", home);
        shellEnv.putIfAbsent("PWD", cwd);
        ParsedCommand parsed = ShellReader.parse(line, shellEnv);
        for (String problem : parsed.problems()) {
            problems.add(problem);
            facts.add(new ParseProblem(problem));
        }
        List<SimpleCommand> simple = parsed.commands();
        PathNormalizer here = normalizer;
        for (int i = 0; i < simple.size(); i++) {
            Command command = Command.of(i, simple.get(i));
            facts.add(command);
            assignments(command);
            if (here == null) {
                unknownDirectory(command);
            } else {
                operands(command, here);
                for (FileArgument file : ShellReader.files(simple.get(i))) {
                    access(file, command, here);
                }
                execution(command, here);
                link(command, here);
            }
            if (CHANGE_DIRECTORY.contains(command.program()) && command.depth() == 0) {
                here = changeDirectory(command, here);
            }
        }
        functions(line);
        return simple;
    }

    /**
     * The directory after {@code cd DIR}, so that {@code cd / && rm -rf *} is seen for what it
     * is; null when it cannot be known ({@code cd "$X"}, {@code cd -}).
     */
    private PathNormalizer changeDirectory(Command cd, PathNormalizer here) {
        if (here == null) {
            return null;
        }
        String target = cd.operands().isEmpty() ? home : cd.operands().get(0);
        if (target.equals("-") || target.contains("$") || target.contains("`")) {
            return null;
        }
        try {
            return new PathNormalizer(home, here.normalize(target));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** After a {@code cd} to an unknown folder, relative paths cannot be checked: say so. */
    private void unknownDirectory(Command command) {
        for (FileArgument file : ShellReader.files(command.source())) {
            if (!file.path().startsWith("/")) {
                String message = "cannot tell which folder `" + file.path() + "` is in after a `cd` to a folder"
                        + " only known at run time";
                problems.add(message);
                facts.add(new ParseProblem(message));
            } else {
                access(file, command, normalizer);
            }
        }
        operands(command, normalizer);
    }

    /** The file the command runs, for the rule that refuses running what the line downloaded. */
    private void execution(Command command, PathNormalizer here) {
        String executed = ShellReader.executes(command.source());
        if (executed == null) {
            return;
        }
        try {
            facts.add(new Execution(command, here.normalize(executed)));
        } catch (IllegalArgumentException e) {
            // An unusable path is reported by the file accesses of the command.
        }
    }

    /** {@code ln -s TARGET LINK}: later paths through the link reach the target. */
    private void link(Command command, PathNormalizer here) {
        if (!command.program().equals("ln") || !command.hasFlag("-s")) {
            return;
        }
        String target = null;
        String link = null;
        for (FileArgument f : ShellReader.files(command.source())) {
            if (f.origin().equals("link target")) {
                target = f.path();
            } else if (f.origin().equals("destination operand")) {
                link = f.path();
            }
        }
        if (target == null || link == null) {
            return;
        }
        try {
            String name = target.substring(target.lastIndexOf('/') + 1);
            links.put(here.normalize(link.endsWith("/") ? link + name : link), here.normalize(target));
        } catch (IllegalArgumentException e) {
            // The link's accesses already report the path.
        }
    }

    private void access(FileArgument file, Command command, PathNormalizer here) {
        access(file.path(), file.access(), file.origin(), command, here, file.tree());
    }

    private void access(String written, Access access, String origin, Command command, PathNormalizer here,
            boolean tree) {
        List<String> words;
        try {
            words = command == null ? List.of(written) : PathExpansion.braces(written);
        } catch (IllegalArgumentException e) {
            invalid(written, e.getMessage());
            return;
        }
        for (String word : words) {
            try {
                String path = here.normalize(word);
                boolean pattern = command != null && PathExpansion.hasWildcard(path);
                add(written, path, access, origin, command, tree, pattern);
                if (pattern && path.startsWith("/")) {
                    for (String match : PathExpansion.wildcards(path)) {
                        add(written, match, access, origin, command, tree, false);
                    }
                }
            } catch (IllegalArgumentException e) {
                invalid(word, e.getMessage());
            }
        }
    }

    private void add(String written, String path, Access access, String origin, Command command, boolean tree,
            boolean pattern) {
        String real = real(path);
        FileAccess fileAccess = new FileAccess(accesses.size(), access, written, path, real, origin, command, tree,
                pattern);
        accesses.add(fileAccess);
        facts.add(fileAccess);
    }

    /**
     * @throws IllegalArgumentException when links loop or cannot be read
     */
    private String real(String path) {
        return realPaths.resolve(links.isEmpty() ? path : throughLinks(path));
    }

    /** The path with a link the line created earlier replaced by its target. */
    private String throughLinks(String path) {
        for (Map.Entry<String, String> link : links.entrySet()) {
            String from = link.getKey();
            if (path.equals(from)) {
                return link.getValue();
            }
            if (path.startsWith(from + "/")) {
                return link.getValue() + path.substring(from.length());
            }
        }
        return path;
    }

    private void invalid(String written, String message) {
        problems.add(message);
        facts.add(new InvalidPath(written, message));
    }

    /** Each operand as the folder it really acts on: {@code /*}, {@code /u*} and {@code /{a,b}} act on {@code /}. */
    private void operands(Command command, PathNormalizer here) {
        for (String word : command.operands()) {
            String target = expandHome(word);
            int wildcard = firstWildcard(target);
            if (wildcard >= 0) {
                int slash = target.lastIndexOf('/', wildcard);
                target = slash < 0 ? "." : slash == 0 ? "/" : target.substring(0, slash);
            }
            if (target.isEmpty()) {
                continue;
            }
            operand(command, word, target, here);
            if (!target.startsWith("/") && !target.startsWith("~")) {
                // Also in each folder a `cd` or `env -C` may have moved the command to.
                for (String folder : command.source().directories()) {
                    operand(command, word, folder + "/" + target, here);
                }
            }
        }
    }

    private void operand(Command command, String word, String target, PathNormalizer here) {
        try {
            String path = here.normalize(target);
            facts.add(new Operand(command, word, path));
            String real = real(path);
            if (!real.equals(path)) {
                facts.add(new Operand(command, word, real));
            }
        } catch (IllegalArgumentException e) {
            facts.add(new Operand(command, word, word));
        }
    }

    private String expandHome(String word) {
        for (String name : List.of("$HOME", "${HOME}")) {
            if (word.equals(name) || word.startsWith(name + "/")) {
                return home + word.substring(name.length());
            }
        }
        return word;
    }

    private static int firstWildcard(String word) {
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch == '*' || ch == '?' || ch == '[' || ch == '{') {
                return i;
            }
        }
        return -1;
    }

    private void assignments(Command command) {
        command.assignments().forEach((name, value) -> facts.add(new Assignment(command, name, value)));
        if (DECLARERS.contains(command.program())) {
            for (String operand : command.operands()) {
                int eq = operand.indexOf('=');
                if (eq > 0) {
                    facts.add(new Assignment(command, operand.substring(0, eq), operand.substring(eq + 1)));
                }
            }
        }
    }

    private void functions(String line) {
        // Both forms of a definition need `(` or the word `function`: most lines have neither.
        if (line.indexOf('(') < 0 && !line.contains("function")) {
            return;
        }
        Set<String> names = new LinkedHashSet<>();
        Matcher m = FUNCTION.matcher(line);
        while (m.find()) {
            names.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        names.forEach(name -> facts.add(new ShellFunction(name)));
    }

}
