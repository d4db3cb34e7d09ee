package dev.cordon.request;

import java.util.Set;

/** The tool names cordon knows the meaning of. */
public final class Tools {

    public static final String BASH = "bash";
    public static final String READ_FILE = "read_file";
    public static final String WRITE_FILE = "write_file";
    public static final String EDIT_FILE = "edit_file";
    public static final String LIST_DIRECTORY = "list_directory";
    /** A new network connection, host and port given. */
    public static final String NETWORK = "network";
    /** MCP tools are named {@code mcp__SERVER__TOOL}. */
    public static final String MCP_PREFIX = "mcp__";

    private static final Set<String> SHELLS = Set.of(BASH, "shell", "sh", "exec", "run_command");
    private static final Set<String> WRITERS = Set.of(WRITE_FILE, EDIT_FILE);

    private Tools() {
    }

    public static boolean isShell(String tool) {
        return SHELLS.contains(tool);
    }

    public static boolean isWrite(String tool) {
        return WRITERS.contains(tool);
    }

    /** {@code mcp__SERVER__TOOL} with a server and a tool name. */
    public static boolean isMcp(String tool) {
        if (tool == null || !tool.startsWith(MCP_PREFIX)) {
            return false;
        }
        int split = tool.indexOf("__", MCP_PREFIX.length());
        return split > MCP_PREFIX.length() && split + 2 < tool.length();
    }
}
