package dev.cordon.fact;

import dev.cordon.request.Tool;

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

    public static ToolKind of(Tool tool) {
        if (tool.isShell()) {
            return SHELL;
        }
        if (tool.isWrite()) {
            return WRITE;
        }
        if (Tool.READ_FILE.equals(tool)) {
            return READ;
        }
        if (Tool.LIST_DIRECTORY.equals(tool)) {
            return LIST;
        }
        if (Tool.NETWORK.equals(tool)) {
            return NETWORK;
        }
        return OTHER;
    }
}
