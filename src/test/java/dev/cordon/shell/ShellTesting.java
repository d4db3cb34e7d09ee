package dev.cordon.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Shared helpers: a fixed environment and compact, whole-value views of a parse. */
final class ShellTesting {

    static final Map<String, String> ENV = Map.of(
            "HOME", "/home/agent", "PWD", "/srv/project", "USER", "agent", "TMPDIR", "/var/tmp");

    private ShellTesting() {
    }

    static ParsedCommand parse(String line) {
        return ShellParser.parse(line, ENV);
    }

    /** Parses a line that must be understood. */
    static ParsedCommand understood(String line) {
        ParsedCommand parsed = parse(line);
        assertEquals(List.of(), parsed.problems(), () -> "problems for `" + line + "`");
        return parsed;
    }

    /** The only command of a line that must be understood. */
    static SimpleCommand single(String line) {
        List<SimpleCommand> commands = understood(line).commands();
        assertEquals(1, commands.size(), () -> "commands of `" + line + "`: " + commands);
        return commands.get(0);
    }

    /** Each command as its program followed by its arguments. */
    static List<List<String>> argvs(ParsedCommand parsed) {
        List<List<String>> all = new ArrayList<>();
        for (SimpleCommand c : parsed.commands()) {
            all.add(argv(c));
        }
        return all;
    }

    static List<String> argv(SimpleCommand c) {
        List<String> argv = new ArrayList<>();
        argv.add(c.program());
        argv.addAll(c.args());
        return argv;
    }

    static List<String> programs(ParsedCommand parsed) {
        return parsed.commands().stream().map(SimpleCommand::program).toList();
    }

    /** The first command running {@code program}; fails when there is none. */
    static SimpleCommand command(ParsedCommand parsed, String program) {
        for (SimpleCommand c : parsed.commands()) {
            if (c.program().equals(program)) {
                return c;
            }
        }
        return fail("no `" + program + "` in " + parsed.commands());
    }

    /** {@code program@position/length} of each command in its pipeline. */
    static List<String> places(ParsedCommand parsed) {
        return parsed.commands().stream()
                .map(c -> c.program() + "@" + c.position() + "/" + c.pipelineLength())
                .toList();
    }

    /** Splits {@code "a b c"} into words, for compact tables. */
    static List<String> words(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split(" "));
    }
}
