package dev.cordon.engine;

import dev.cordon.shell.CommandFiles;
import dev.cordon.shell.FileArgument;
import dev.cordon.shell.ParsedCommand;
import dev.cordon.shell.ShellParser;
import dev.cordon.shell.SimpleCommand;
import java.util.List;
import java.util.Map;

/** The engine's one door to shell analysis: parsing a line and naming the files a command touches. */
final class ShellReader {

    private ShellReader() {
    }

    static ParsedCommand parse(String line, Map<String, String> env) {
        return ShellParser.parse(line, env);
    }

    static List<FileArgument> files(SimpleCommand command) {
        return CommandFiles.of(command);
    }

    static String executes(SimpleCommand command) {
        return CommandFiles.executes(command);
    }
}
