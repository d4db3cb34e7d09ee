package dev.cordon.shell;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variables cordon can expand at one point of the line: the caller's {@code HOME},
 * {@code PWD}, {@code TMPDIR} and {@code USER}, whatever the line has assigned so far
 * ({@code X=/}, {@code export}, {@code declare}, arrays, {@code for} loops, {@code cd}), and the
 * positional parameters ({@code set --}, the arguments after {@code sh -c STRING}).
 *
 * <p>An assignment that may or may not run (after {@code &&}, in a branch, a loop or a
 * subshell) leaves the variable as one of its old and new values; a value cordon cannot compute
 * leaves it unknown. The state is replaced, never changed in place, so a command can keep the
 * state it was read in: the strings it runs later are read in that state.
 */
final class Expansions {

    static final String DEFAULT_IFS = " \t\n";
    private static final Set<String> FROM_CALLER = Set.of("HOME", "PWD", "TMPDIR", "USER");

    /**
     * @param variables what the line assigned, by name
     * @param positional {@code $1}… as an array, or unknown
     * @param zero {@code $0}, or null when unknown
     */
    record State(Map<String, Value> variables, Value positional, String zero) {
    }

    private final Map<String, String> env;
    private final Set<String> reassigned = new HashSet<>(4);
    private State state = new State(Map.of(), Value.UNKNOWN, null);
    /** Above zero while reading code that may not run, or run more than once. */
    private int conditional;

    Expansions(Map<String, String> env) {
        this.env = env == null ? Map.of() : env;
    }

    State state() {
        return state;
    }

    void restore(State saved) {
        state = saved;
    }

    /** Enters code that may be skipped or repeated (a branch, a loop, a subshell, after {@code &&}). */
    void enterConditional() {
        conditional++;
    }

    void leaveConditional() {
        conditional--;
    }

    /** The text of a variable cordon knows as one text, or null. */
    String value(String name) {
        return variable(name).text();
    }

    Value variable(String name) {
        Value assigned = state.variables.get(name);
        if (assigned != null) {
            return assigned;
        }
        if (name.equals("IFS")) {
            return Value.scalar(DEFAULT_IFS);
        }
        String fromCaller = FROM_CALLER.contains(name) ? env.get(name) : null;
        return fromCaller == null ? Value.UNKNOWN : Value.scalar(fromCaller);
    }

    /** The characters unquoted expansions are split at, or null when they are not known. */
    String ifs() {
        return variable("IFS").text();
    }

    /** Whether a variable the caller gave was assigned a value cordon does not know. */
    boolean isReassigned(String name) {
        return reassigned.contains(name) && !variable(name).known();
    }

    void assign(String name, Value value) {
        Value next = conditional > 0 ? variable(name).or(value) : value;
        if (FROM_CALLER.contains(name)) {
            reassigned.add(name);
        }
        Map<String, Value> variables = new HashMap<>(state.variables);
        variables.put(name, next);
        state = new State(Map.copyOf(variables), state.positional, state.zero);
    }

    /** The line assigned the variable a value cordon cannot know. */
    void reassign(String name) {
        assign(name, Value.UNKNOWN);
    }

    Value positional() {
        return state.positional;
    }

    String zero() {
        return state.zero;
    }

    void setPositional(Value value) {
        Value next = conditional > 0 ? state.positional.or(value) : value;
        state = new State(state.variables, next, state.zero);
    }

    /** {@code shift N}. */
    void shift(int count) {
        Value p = state.positional;
        Value next = p.kind() != Value.Kind.ARRAY || count < 0 ? Value.UNKNOWN
                : Value.array(p.items().subList(Math.min(count, p.items().size()), p.items().size()));
        setPositional(next);
    }

    /** Sets the positional parameters whatever the context: around a function body, which has its own. */
    void overridePositional(Value value) {
        state = new State(state.variables, value, state.zero);
    }

    /** Starts a new shell ({@code sh -c STRING NAME ARGS…}): it sees the variables, not the parameters. */
    void newShell(String zero, Value positional) {
        state = new State(state.variables, positional, zero);
    }

    /** A known list of positional parameters. */
    static Value parameters(List<String> args) {
        return Value.array(args);
    }
}
