package dev.cordon.executor.windows;

/**
 * Mandatory integrity levels this executor uses. A process at an integrity level cannot write to
 * an object labelled higher (no-write-up); objects without a label count as Medium.
 */
enum WindowsIntegrity {
    /** The level of the confined command, and of what it may write. */
    LOW("S-1-16-4096", "LW", "Low"),
    /** Every unlabelled object's level: set explicitly on read-only paths inside a write root. */
    MEDIUM("S-1-16-8192", "ME", "Medium");

    private final String sid;
    private final String sddl;
    private final String icacls;

    WindowsIntegrity(String sid, String sddl, String icacls) {
        this.sid = sid;
        this.sddl = sddl;
        this.icacls = icacls;
    }

    /** The integrity SID a token gets, e.g. {@code S-1-16-4096}. */
    String sid() {
        return sid;
    }

    /** The SDDL abbreviation in a mandatory label ACE, e.g. {@code LW}. */
    String sddl() {
        return sddl;
    }

    /** The level as {@code icacls /setintegritylevel} spells it. */
    String icacls() {
        return icacls;
    }
}
