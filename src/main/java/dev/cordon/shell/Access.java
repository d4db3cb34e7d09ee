package dev.cordon.shell;

/** How a command uses a file. A write may also read; a rule that guards reads checks both. */
public enum Access {
    READ,
    WRITE
}
