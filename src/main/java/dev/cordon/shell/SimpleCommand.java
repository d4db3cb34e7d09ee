package dev.cordon.shell;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One simple command found in a shell command line, after unwrapping {@code bash -c},
 * {@code eval}, {@code sudo}-style wrappers and quoting.
 *
 * @param program the program's normalised name: basename, no quotes ({@code /bin/rm} is
 *     {@code rm}); empty for a line of assignments or redirections only
 * @param rawProgram the program word as written, after quote removal
 * @param args every argument after the program, after quote removal, in order
 * @param flags normalised options: short options split one per letter ({@code -rf} gives
 *     {@code -r} and {@code -f}), long options without their value ({@code --force}), and known
 *     synonyms mapped to one spelling per program ({@code rm --recursive} and {@code rm -R}
 *     give {@code -r})
 * @param operands the arguments that are not options or option values
 * @param redirections the command's redirections, heredoc bodies excluded
 * @param assignments leading {@code NAME=value} words, and those given to {@code env}
 * @param wrappers the wrapper programs that were unwrapped to reach this one, outermost first
 *     (e.g. {@code [sudo, timeout]}, or {@code [bash -c]})
 * @param pipeline index of the pipeline this command belongs to within the whole line
 * @param position 0-based position within that pipeline
 * @param pipelineLength number of commands in that pipeline
 * @param depth 0 at top level; 1 more for each {@code bash -c}, {@code eval}, {@code $(…)},
 *     backtick or process substitution it is nested in
 * @param dynamic true when the program name is not a literal (e.g. {@code $CMD args})
 * @param text the source text of this command
 * @param directories the directories an earlier {@code cd} or {@code pushd} in the line may have
 *     moved to (absolute, or relative to the request's working directory); a relative path may be
 *     relative to the request's working directory or to any of these (a {@code cd} can fail)
 * @param unknownArgs the arguments whose value is only known at run time (a variable or a
 *     command's output cordon cannot know), as they stand in {@code args}
 * @param argumentsFromInput {@code xargs} (or {@code parallel}) adds arguments read from an
 *     input cordon cannot see
 * @param effects what the program's code does that no command of it shows (an interpreter's
 *     one-liner that runs downloaded code, or hands a shell to a socket)
 */
public record SimpleCommand(
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
        List<String> directories,
        Set<String> unknownArgs,
        boolean argumentsFromInput,
        Set<CodeEffect> effects) {

    public SimpleCommand {
        directories = directories == null ? List.of() : List.copyOf(directories);
        unknownArgs = Set.copyOf(unknownArgs);
        effects = effects.isEmpty() ? Set.of() : Set.copyOf(effects);
        args = List.copyOf(args);
        // Sorted, so explanations and JSON list them the same way on every run.
        flags = Collections.unmodifiableSortedSet(new TreeSet<>(flags));
        operands = List.copyOf(operands);
        redirections = List.copyOf(redirections);
        assignments = Map.copyOf(assignments);
        wrappers = List.copyOf(wrappers);
    }

    public boolean hasFlag(String flag) {
        return flags.contains(flag);
    }

    /** Whether an operand's value is only known at run time, or comes from an input cordon cannot see. */
    public boolean hasUnknownOperand() {
        if (argumentsFromInput) {
            return true;
        }
        for (String operand : operands) {
            if (unknownArgs.contains(operand)) {
                return true;
            }
        }
        return false;
    }
}
