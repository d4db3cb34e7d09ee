package dev.cordon.dispatch;

/**
 * Why a command did not run.
 *
 * @param kind what stopped it
 * @param message what was refused and why, for the agent: one line
 */
public record Refusal(Kind kind, String message) {

    /** What stops a command from running. */
    public enum Kind {
        /** The policy denied it. */
        DENIED,
        /** The policy asked a human and the approval was not given. */
        NOT_APPROVED,
        /** The policy allows it only in a sandbox that isolates writes, and none is available. */
        NO_SANDBOX,
        /** Weaker isolation was asked for, and the profile forbids it. */
        WEAKER_ISOLATION_FORBIDDEN,
        /** Weaker isolation was asked for, and it was not approved. */
        WEAKER_ISOLATION_NOT_APPROVED,
        /** No executor can give the isolation the profile demands. */
        NO_EXECUTOR,
        /**
         * The kernel under the chosen executor would leave a promise of the profile to the policy
         * layer, and the profile says {@code enforce: strict}.
         */
        KERNEL_GAP,
        /** The chosen executor could not be set up. */
        EXECUTOR_FAILED
    }
}
