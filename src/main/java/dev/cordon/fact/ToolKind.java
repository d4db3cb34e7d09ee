package dev.cordon.fact;

import dev.cordon.request.Tools;

/** What a tool does, as far as the policy is concerned. */
public enum ToolKind {
    /** Runs a shell command line. */
    SHELL,
    /** Reads one file. */
    READ,
    /** Lists one directory. */
    LIST,
    /** Writes or edits one file. */
    WRITE,
    /** Opens one network connection (the egress proxy asks before each). */
    NETWORK,
    /** A custom tool cordon does not know the meaning of. */
    OTHER;

    public static ToolKind of(String tool) {
        if (Tools.isShell(tool)) {
            return SHELL;
        }
        if (Tools.isWrite(tool)) {
            return WRITE;
        }
        if (Tools.READ_FILE.equals(tool)) {
            return READ;
        }
        if (Tools.LIST_DIRECTORY.equals(tool)) {
            return LIST;
        }
        if (Tools.NETWORK.equals(tool)) {
            return NETWORK;
        }
        return OTHER;
    }
}
