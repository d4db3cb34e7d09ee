package dev.cordon.shell;

import java.util.List;

/**
 * The result of analysing a shell command line.
 *
 * @param source the command line as given
 * @param commands every simple command found, in source order, nested ones included
 * @param problems why parts of the line could not be understood; non-empty means the line must
 *     not be allowed on the strength of {@code commands} alone
 */
public record ParsedCommand(String source, List<SimpleCommand> commands, List<String> problems) {

    public ParsedCommand {
        commands = List.copyOf(commands);
        problems = List.copyOf(problems);
    }

    public boolean understood() {
        return problems.isEmpty();
    }
}
