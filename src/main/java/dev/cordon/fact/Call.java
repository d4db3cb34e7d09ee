package dev.cordon.fact;

import java.util.List;

/**
 * The tool call as a whole.
 *
 * @param tool the tool name as the agent gave it
 * @param kind what the tool does
 * @param line the shell command line, or null for a file tool
 * @param path the file tool's path as given, or null
 * @param home the normalised home directory, or null when unknown
 * @param cwd the normalised working directory
 * @param workspace the normalised workspace
 */
public record Call(String tool, ToolKind kind, String line, String path, String home, String cwd, String workspace)
        implements Subject {

    public boolean shell() {
        return kind == ToolKind.SHELL;
    }

    @Override
    public String describe() {
        if (line != null) {
            return "command line `" + line + "`";
        }
        return path != null ? tool + " `" + path + "`" : "tool `" + tool + "`";
    }

    @Override
    public boolean coveredBy(List<String> prefix) {
        return prefix.isEmpty();
    }
}
