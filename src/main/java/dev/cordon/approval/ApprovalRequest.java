package dev.cordon.approval;

import java.util.Objects;

/**
 * One question for a human: may this tool call go ahead?
 *
 * @param tool the tool name, e.g. {@code bash} or {@code write_file}
 * @param commandOrPath the command line of a shell tool or the path of a file tool
 * @param rule the id of the rule that asked, or null when unknown
 * @param reason why the rule asked, meant for the human, or null
 * @param kind whether the command itself or weaker isolation for it is asked for
 */
public record ApprovalRequest(String tool, String commandOrPath, String rule, String reason, Kind kind) {

    public ApprovalRequest {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(commandOrPath, "commandOrPath");
        Objects.requireNonNull(kind, "kind");
    }

    /** What is being asked for. */
    public enum Kind {
        /** Running the command (or touching the path) under the profile's isolation. */
        COMMAND,
        /**
         * Weaker isolation for it: network on, an extra writable root, no sandbox. Its own
         * question: a remembered approval never covers it and "always" is not offered.
         */
        ESCALATION
    }
}
