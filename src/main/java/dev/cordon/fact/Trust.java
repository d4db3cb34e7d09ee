package dev.cordon.fact;

/** Whether a finding comes from rules that may loosen the policy. */
public enum Trust {
    /** Built-in, user and trusted-project rules. */
    TRUSTED,
    /** Rules of a project the user has not trusted: they may only tighten. */
    UNTRUSTED
}
