package dev.cordon.fact;

/** What a finding's rule id names, and so where its source location is looked up. */
public enum Basis {
    /** A DRL rule: the id is the rule's name. */
    RULE,
    /** An explicit path or command rule of the profile: the id is the profile rule's id. */
    PROFILE_RULE,
    /** A standing approval: the id is the approval's id. */
    APPROVAL,
    /**
     * An entry of one of the profile's lists: the id is the list's key with the entry,
     * {@code network.allow[host:443]}, as the profile's origins name it.
     */
    PROFILE_ENTRY
}
