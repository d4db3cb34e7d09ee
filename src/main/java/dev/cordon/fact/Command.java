package dev.cordon.fact;

import dev.cordon.shell.CodeEffect;
import dev.cordon.shell.Redirection;
import dev.cordon.shell.SimpleCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One simple command of a shell line, as rules see it: the parser's {@link SimpleCommand} plus
 * its position in the line. The field meanings are those of {@link SimpleCommand}.
 *
 * @param index 0-based position among the line's simple commands, nested ones included
 * @param unknownOperand an operand is only known at run time (a variable or output cordon cannot
 *     know, or the input of {@code xargs}); see {@link SimpleCommand#hasUnknownOperand()}
 * @param source the parser's command
 */
public record Command(
        int index,
        String program,
        String rawProgram,
        List<String> args,
        Set<String> flags,
        List<String> operands,
        List<Redirection> redirections,
        Map<String, String> assignments,
        List<String> wrappers,
        int pipeline,
        int position,
        int pipelineLength,
        int depth,
        boolean dynamic,
        String text,
        boolean unknownOperand,
        Set<CodeEffect> effects,
        SimpleCommand source)
        implements Subject {

    public Command {
        args = List.copyOf(args);
        flags = Set.copyOf(flags);
        operands = List.copyOf(operands);
        redirections = List.copyOf(redirections);
        assignments = Map.copyOf(assignments);
        wrappers = List.copyOf(wrappers);
        effects = Set.copyOf(effects);
    }

    public static Command of(int index, SimpleCommand c) {
        return new Command(index, c.program(), c.rawProgram(), c.args(), c.flags(), c.operands(), c.redirections(),
                c.assignments(), c.wrappers(), c.pipeline(), c.position(), c.pipelineLength(), c.depth(),
                c.dynamic(), c.text(), c.hasUnknownOperand(), c.effects(), c);
    }

    /**
     * Consistent with the record's equality, but cheap: the engine hashes a command on every
     * join on it, and the record's own hash would walk every list and the parser's command.
     */
    @Override
    public int hashCode() {
        return 31 * index + Objects.hashCode(text);
    }

    public boolean hasFlag(String flag) {
        return flags.contains(flag);
    }

    /** Whether {@code xargs} adds arguments read from an input cordon cannot see. */
    public boolean argumentsFromInput() {
        return source != null && source.argumentsFromInput();
    }

    /** The operand at this position, or an empty string when there is none. */
    public String operand(int i) {
        return i < operands.size() ? operands.get(i) : "";
    }

    /** Whether a redirection of this command targets a path starting with this text. */
    public boolean redirectsTo(String prefix) {
        for (Redirection r : redirections) {
            if (r.target() != null && r.target().startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of the arguments is exactly this word. */
    public boolean hasArg(String word) {
        return args.contains(word);
    }

    /** Whether one of the arguments contains this text, e.g. a socket path inside an option. */
    public boolean argContains(String text) {
        for (String arg : args) {
            if (arg.contains(text)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of the arguments contains one of these texts (see {@link #argContains}). */
    public boolean argContainsAny(List<String> texts) {
        for (String text : texts) {
            if (argContains(text)) {
                return true;
            }
        }
        return false;
    }

    /** The texts of the list that some argument contains, in list order (see {@link #argContains}). */
    public List<String> argsContainingAny(List<String> texts) {
        List<String> found = List.of();
        for (String text : texts) {
            if (argContains(text)) {
                if (found.isEmpty()) {
                    found = new ArrayList<>(1);
                }
                found.add(text);
            }
        }
        return found;
    }

    /**
     * The texts of the list that some argument contains, reading an option and the word after it
     * as one ({@code --pid host} as {@code --pid=host}), in list order.
     */
    public List<String> settingsContainingAny(List<String> texts) {
        List<String> found = new ArrayList<>(argsContainingAny(texts));
        for (int i = 0; i + 1 < args.size(); i++) {
            String option = args.get(i);
            if (option.startsWith("--") && option.indexOf('=') < 0) {
                String setting = option + "=" + args.get(i + 1);
                for (String text : texts) {
                    if (setting.contains(text) && !found.contains(text)) {
                        found.add(text);
                    }
                }
            }
        }
        return found;
    }

    /** Whether one of the operands starts with this text, e.g. {@code of=/dev/}. */
    public boolean operandStartsWith(String prefix) {
        for (String operand : operands) {
            if (operand.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a wrapper such as {@code sudo} was unwrapped to reach this command. */
    public boolean wrappedBy(String wrapper) {
        for (String w : wrappers) {
            if (w.equals(wrapper) || w.startsWith(wrapper + " ")) {
                return true;
            }
        }
        return false;
    }

    /** The program followed by its arguments. */
    public List<String> words() {
        List<String> words = new ArrayList<>(args.size() + 1);
        words.add(program);
        words.addAll(args);
        return words;
    }

    /** The words joined by single spaces: spacing and quoting no longer matter. */
    public String normalizedText() {
        return String.join(" ", words());
    }

    /** Whether the command's words begin with these words (the program compared by its name). */
    public boolean startsWith(List<String> prefix) {
        List<String> words = words();
        if (prefix.isEmpty() || prefix.size() > words.size()) {
            return prefix.isEmpty();
        }
        for (int i = 0; i < prefix.size(); i++) {
            String expected = i == 0 ? baseName(prefix.get(0)) : prefix.get(i);
            if (!words.get(i).equals(expected)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String describe() {
        return "command `" + text + "`";
    }

    @Override
    public boolean coveredBy(List<String> prefix) {
        return startsWith(prefix);
    }

    private static String baseName(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }
}
