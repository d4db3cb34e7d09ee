package dev.cordon.shell;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * State shared by everything parsed for one command line: the commands and problems found so far,
 * the pipeline counter, the known variables and the limits that keep hostile input cheap.
 */
final class ParseSession {

    /** Deepest nesting of {@code bash -c}, {@code eval}, {@code $(…)} and friends that is read. */
    static final int MAX_DEPTH = 8;
    /** Deepest syntactic nesting (groups, quotes in expansions…) before parsing stops. */
    static final int MAX_NESTING = 100;
    private static final int MAX_PROBLEMS = 20;

    final Expansions expansions;
    final KnownFiles files;
    /** The body of each function the line defines, as written. */
    final Map<String, String> functions = new HashMap<>(0);
    /** The functions whose body is being read for a call: a function calling itself is not read again. */
    final Set<String> calling = new HashSet<>(0);
    final List<SimpleCommand> commands = new ArrayList<>();
    private final List<String> problems = new ArrayList<>(0);
    private int omittedProblems;
    /** Every directory an earlier {@code cd} in the line may have moved to. */
    final Set<String> directories = new LinkedHashSet<>(0);
    /** The first command that moved to a directory only known at run time, or null. */
    String unknownDirectory;
    private int pipelines;
    private int nesting;
    private boolean aborted;

    ParseSession(Map<String, String> env) {
        this.expansions = new Expansions(env);
        this.files = new KnownFiles(env == null ? null : env.get("PWD"));
    }

    /**
     * Parses {@code text} and adds its simple commands, unwrapped and normalised, to the result.
     * The body of a function the text also calls is read at each call, with the call's
     * arguments, not where it is defined.
     */
    void parse(String text, String label, int depth, List<String> wrappers) {
        Source src = new Source(text, label);
        List<RawCommand> raw = new Parser(this, src, depth, wrappers).parse();
        Set<String> called = new HashSet<>();
        for (RawCommand command : raw) {
            if (!command.words.isEmpty() && !command.words.get(0).dynamic() && functions.containsKey(command.words.get(0).value)) {
                called.add(command.words.get(0).value);
            }
        }
        Unwrapper unwrapper = new Unwrapper(this);
        for (RawCommand command : raw) {
            if (!inCalledFunction(command, called)) {
                unwrapper.emit(command);
            }
        }
    }

    private static boolean inCalledFunction(RawCommand command, Set<String> called) {
        for (String keyword : command.keywords) {
            if (keyword.startsWith("function ") && called.contains(keyword.substring("function ".length()))) {
                return true;
            }
        }
        return false;
    }

    int nextPipeline() {
        return pipelines++;
    }

    void problem(Source src, int offset, String message) {
        if (problems.size() >= MAX_PROBLEMS) {
            // Locating costs a scan of the source: skip it for problems that will not be shown.
            omittedProblems++;
            return;
        }
        String where = src.where(offset) + ": " + message;
        problem(src.label.isEmpty() ? where : where + " (in " + src.label + ")");
    }

    void problem(String message) {
        if (problems.size() < MAX_PROBLEMS) {
            if (!problems.contains(message)) {
                problems.add(message);
            }
        } else {
            omittedProblems++;
        }
    }

    /** Stops all further reading: every lexer reports the end of its input from now on. */
    void abort(Source src, int offset, String message) {
        if (!aborted) {
            problem(src, offset, message);
            aborted = true;
        }
    }

    boolean aborted() {
        return aborted;
    }

    /** Enters one level of nesting; false (and the parse aborted, no level entered) when too deep. */
    boolean enter(Source src, int offset) {
        if (nesting >= MAX_NESTING) {
            abort(src, offset, "constructs nested more than " + MAX_NESTING + " levels deep");
            return false;
        }
        nesting++;
        return true;
    }

    void leave() {
        nesting--;
    }

    /** User text for a message: in backticks, shortened when long. */
    static String quote(String text) {
        String oneLine = text.replace('\n', ' ');
        return "`" + (oneLine.length() > 60 ? oneLine.substring(0, 57) + "…" : oneLine) + "`";
    }

    List<String> problems() {
        if (omittedProblems == 0) {
            return problems;
        }
        List<String> all = new ArrayList<>(problems);
        all.add(omittedProblems + " more problems not shown");
        return all;
    }
}
