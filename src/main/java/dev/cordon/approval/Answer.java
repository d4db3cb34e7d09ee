package dev.cordon.approval;

/** What an approver answered to one approval question. */
public enum Answer {
    /** Run this one call. */
    APPROVED,
    /** Refuse this call. */
    DENIED,
    /**
     * Run this call and remember the answer for the same tool and command prefix for the rest of
     * the session. Never honoured for a request for weaker isolation.
     */
    APPROVED_ALWAYS
}
