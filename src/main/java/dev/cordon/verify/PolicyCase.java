package dev.cordon.verify;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import dev.cordon.profile.Profile;
import dev.cordon.request.Connection;
import java.util.List;

/**
 * One request of a case file (a rule pack's {@code X.cases.yaml} or a policy test suite), with
 * what is expected of it.
 *
 * @param file the file it is written in
 * @param line its 1-based line
 * @param column its 1-based column
 * @param kind what {@code rule} means for it
 * @param tool the tool; {@code bash} when a command is given, {@code read_file} for a path,
 *     {@code network} for a host
 * @param command the shell command line, or null
 * @param path the file tool's path, or null
 * @param connection the destination of a network request ({@code host} and {@code port}), or null
 * @param cwd the working directory, or null for the default
 * @param profile the profile to decide it under, or null for the one in force
 * @param settings the neutral profile's settings when it runs under the neutral profile, null when
 *     it runs under the policy in force
 * @param expect the expected decision, or null
 * @param rule the rule that must decide ({@link Kind#DECISION}), fire ({@link Kind#MATCH}) or not
 *     fire ({@link Kind#NOT_MATCH}); null when only the decision is expected
 */
public record PolicyCase(String file, int line, int column, Kind kind, String tool, String command, String path,
        Connection connection, String cwd, String profile, ExampleSettings settings, Decision expect, String rule) {

    /** What a case's {@code rule} is expected to do. */
    public enum Kind {
        /** Decide the request (a suite's cases and a {@code cases:} section). */
        DECISION,
        /** Fire for the request, whether or not it decides (a {@code match:} section). */
        MATCH,
        /** Not fire for the request (a {@code not_match:} section). */
        NOT_MATCH
    }

    /** {@code file:line:col}. */
    public String location() {
        return file + ":" + line + ":" + column;
    }

    /** Whether it runs under the neutral example profile rather than the policy in force. */
    public boolean neutral() {
        return settings != null;
    }

    /** What the request is, for messages: {@code `rm -rf /`} or {@code read_file `~/.ssh/id_rsa`}. */
    public String describe() {
        if (connection != null) {
            return tool + " `" + connection.hostPort() + "`";
        }
        return command != null ? "`" + command + "`" : tool + " `" + path + "`";
    }

    /**
     * Settings a case may give the neutral profile (its {@code with:}).
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
     * @param pathRules the profile's path rules
     * @param commandRules the profile's command rules
     * @param approvals the user's standing approvals
     * @param policyFiles the rule and profile files in force, protected from writes
     */
    public record ExampleSettings(String mode, boolean readOnly, boolean askWrites, boolean askExecute,
            List<String> allowedPaths, List<String> deniedPaths, List<String> deniedCommands, List<String> networkDeny,
            boolean networkEnabled, List<String> networkAllow, String executor, List<Profile.PathRule> pathRules, List<Profile.CommandRule> commandRules,
            List<StandingApproval> approvals, List<String> policyFiles) {

        public static final ExampleSettings NONE = new ExampleSettings(null, false, false, false, List.of(), List.of(),
                List.of(), List.of(), false, List.of(), null, List.of(), List.of(), List.of(), List.of());

        public ExampleSettings {
            allowedPaths = List.copyOf(allowedPaths);
            deniedPaths = List.copyOf(deniedPaths);
            deniedCommands = List.copyOf(deniedCommands);
            networkDeny = List.copyOf(networkDeny);
            networkAllow = List.copyOf(networkAllow);
            pathRules = List.copyOf(pathRules);
            commandRules = List.copyOf(commandRules);
            approvals = List.copyOf(approvals);
            policyFiles = List.copyOf(policyFiles);
        }
    }
}
