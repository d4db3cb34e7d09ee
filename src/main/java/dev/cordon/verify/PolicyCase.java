package dev.cordon.verify;

import dev.cordon.decision.Decision;
import dev.cordon.request.Connection;
import java.util.List;

/**
 * One request of a policy test suite or of a rule file's examples, with what is expected of it.
 *
 * @param file the file it is written in
 * @param line its 1-based line
 * @param column its 1-based column
 * @param tool the tool; {@code bash} when a command is given, {@code read_file} for a path,
 *     {@code network} for a host
 * @param command the shell command line, or null
 * @param path the file tool's path, or null
 * @param connection the destination of a network request ({@code host} and {@code port}), or null
 * @param cwd the working directory, or null for the default
 * @param profile the profile to decide it under, or null for the one in force
 * @param expect the expected decision, or null (examples expect a rule, not a decision)
 * @param rule the rule expected to decide (suites) or to match (examples), or null
 * @param settings example settings applied to the examples' profile
 */
public record PolicyCase(String file, int line, int column, String tool, String command, String path,
        Connection connection, String cwd, String profile, Decision expect, String rule, ExampleSettings settings) {

    /** {@code file:line:col}. */
    public String location() {
        return file + ":" + line + ":" + column;
    }

    /** What the request is, for messages: {@code `rm -rf /`} or {@code read_file `~/.ssh/id_rsa`}. */
    public String describe() {
        if (connection != null) {
            return tool + " `" + connection.hostPort() + "`";
        }
        return command != null ? "`" + command + "`" : tool + " `" + path + "`";
    }

    /**
     * Settings an example may give the neutral profile examples run under.
     *
     * @param mode {@code off}, {@code permissive}, {@code standard} or {@code strict}, or null
     * @param readOnly the profile is read-only
     * @param askWrites writes need approval
     * @param askExecute commands need approval
     * @param allowedPaths the allowed paths
     * @param deniedPaths extra denied paths
     * @param deniedCommands denied-command patterns
     * @param networkDeny denied network destinations
     * @param networkEnabled the network is on (implied by an allow-list)
     * @param networkAllow the network allow-list
     * @param executor the executor that would run it: {@code local} isolates nothing, any other
     *     isolates writes, reads and network
     */
    public record ExampleSettings(String mode, boolean readOnly, boolean askWrites, boolean askExecute,
            List<String> allowedPaths, List<String> deniedPaths, List<String> deniedCommands, List<String> networkDeny,
            boolean networkEnabled, List<String> networkAllow, String executor) {

        public static final ExampleSettings NONE = new ExampleSettings(null, false, false, false, List.of(), List.of(),
                List.of(), List.of(), false, List.of(), null);

        public ExampleSettings {
            allowedPaths = List.copyOf(allowedPaths);
            deniedPaths = List.copyOf(deniedPaths);
            deniedCommands = List.copyOf(deniedCommands);
            networkDeny = List.copyOf(networkDeny);
            networkAllow = List.copyOf(networkAllow);
        }
    }
}
