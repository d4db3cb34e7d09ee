package dev.cordon.fact;

/**
 * The steps of the decision order (SPEC §2), first to last. Gates 0–6 are hard: no approval
 * overrides them. The order is applied by the resolution rules in {@code rules/resolve.drl}.
 */
public enum Gate {
    PROTECTED("always protected"),
    READ_ONLY("read-only mode"),
    PATH_RULES("path rules"),
    DENIED_PATHS("denied paths"),
    ALLOWED_PATHS("allowed paths"),
    COMMAND_RULES("command rules"),
    DENIED_COMMANDS("denied commands"),
    FORCED_ASK("forced ask"),
    APPROVAL("approval requirements"),
    DEFAULT("default");

    private final String title;

    Gate(String title) {
        this.title = title;
    }

    /** 0 for the first gate; used by rules to compare positions in the order. */
    public int step() {
        return ordinal();
    }

    public String title() {
        return title;
    }

    /** No standing approval can turn a finding of a hard gate into ALLOW. */
    public boolean hard() {
        return ordinal() <= DENIED_COMMANDS.ordinal();
    }
}
