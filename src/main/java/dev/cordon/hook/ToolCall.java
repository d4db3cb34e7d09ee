package dev.cordon.hook;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.request.Connection;
import dev.cordon.request.Tool;
import java.nio.file.Path;
import java.util.List;

/**
 * One tool call of an agent, as cordon decides it.
 *
 * @param tool the agent's name of the tool, for messages
 * @param kind what the tool does
 * @param checks the requests to decide; the most severe decision answers the call. Empty for
 *     {@link Kind#OTHER}
 * @param cwd the agent's working directory
 * @param workspace the agent's project root when it names one, else null (cordon finds it)
 * @param input the tool's input as the agent gave it
 * @param commandField the field of {@code input} holding a shell command the agent lets a hook
 *     rewrite, or null
 * @param session the agent's session id, or null when the event has none
 */
public record ToolCall(String tool, Kind kind, List<Check> checks, Path cwd, Path workspace, ObjectNode input,
        String commandField, String session) {

    public ToolCall {
        checks = List.copyOf(checks);
    }

    /** What a tool does, as far as the answer is concerned. */
    public enum Kind {
        /** Runs a shell command. */
        SHELL,
        /** Reads, lists or writes files. */
        FILES,
        /** Fetches from the network: a connection to each URL's host and port. */
        WEB,
        /** A tool of an MCP server. */
        MCP,
        /** A tool the adapter does not know: the profile's {@code hooks.other_tools} decides. */
        OTHER
    }

    /**
     * One request to decide.
     *
     * @param tool cordon's tool name ({@code bash}, {@code read_file}, {@code network}, …)
     * @param command the shell command line, or null
     * @param path the file or directory, or null
     * @param connection the destination of a network request, or null
     * @param cwd where the command runs, when not the call's working directory; else null
     */
    public record Check(Tool tool, String command, String path, Connection connection, Path cwd) {
    }

    /** Whether the agent lets a hook have this call's command run differently. */
    public boolean rewritable() {
        return commandField != null;
    }

    /** The shell command of a shell call, or null. */
    public String command() {
        return kind == Kind.SHELL && !checks.isEmpty() ? checks.get(0).command() : null;
    }

    /** The tool's input with its command replaced. */
    public ObjectNode inputWithCommand(String command) {
        ObjectNode copy = input.deepCopy();
        copy.put(commandField, command);
        return copy;
    }
}
