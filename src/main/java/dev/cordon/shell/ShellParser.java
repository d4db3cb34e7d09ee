package dev.cordon.shell;

import java.util.List;
import java.util.Map;

/**
 * Parses a shell command line into the simple commands it would run, so that policy rules can
 * match on programs, flags and operands instead of substrings.
 *
 * <p>Covers the POSIX and bash syntax agents use: lists, pipelines, {@code &&}/{@code ||},
 * subshells and groups, {@code if}/{@code for}/{@code while}/{@code until}/{@code case},
 * functions, all quoting forms, command and process substitution, arithmetic, redirections,
 * here-documents and here-strings. Strings run by {@code bash -c}, {@code eval} and the like are
 * parsed too, and wrappers such as {@code sudo}, {@code env}, {@code timeout} or {@code xargs}
 * are unwrapped. Anything that cannot be understood is listed in
 * {@link ParsedCommand#problems()}; no input makes this method throw.
 */
public final class ShellParser {

    private ShellParser() {
    }

    /**
     * @param line the command line
     * @param env the caller's environment; only {@code HOME}, {@code PWD}, {@code TMPDIR} and
     *     {@code USER} are read, to expand {@code ~} and those variables
     */
    public static ParsedCommand parse(String line, Map<String, String> env) {
        String text = line == null ? "" : line;
        ParseSession session = new ParseSession(env);
        try {
            session.parse(text, "", 0, List.of());
        } catch (RuntimeException | StackOverflowError e) {
            // A defect must not let a command through as understood: fail closed.
            session.problem("the command could not be analysed (internal parser error)");
        }
        return new ParsedCommand(text, session.commands, session.problems());
    }
}
