package dev.cordon.decision;

/** The outcome of a policy decision, ordered from most to least permissive. */
public enum Decision {
    /** Run it, under the profile's executor. */
    ALLOW,
    /** Run it only under an executor that isolates writes. */
    SANDBOX,
    /** A human must approve it first. */
    ASK,
    /** Refuse it. */
    DENY
}
