package dev.cordon.approval;

/** How long an "always" answer lasts, so the prompt can say so. */
public enum AlwaysScope {
    /** Until the session ends ({@link ApprovalSession#inMemory}). */
    SESSION,
    /** Kept in the user's approvals file ({@link ApprovalSession#keepingAlwaysIn}). */
    SAVED
}
