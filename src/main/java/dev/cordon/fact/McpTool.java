package dev.cordon.fact;

/**
 * A tool of an MCP server, named {@code mcp__SERVER__TOOL} by the agents. Rules match it by
 * server and tool, e.g. {@code McpTool( server == "github", tool == "delete_repository" )}.
 *
 * @param server the server's name
 * @param tool the tool's name on that server
 */
public record McpTool(String server, String tool) {

    private static final String PREFIX = "mcp__";

    /** The parts of an MCP tool name, or null when the name is not one. */
    public static McpTool of(String name) {
        if (name == null || !name.startsWith(PREFIX)) {
            return null;
        }
        int split = name.indexOf("__", PREFIX.length());
        if (split <= PREFIX.length() || split + 2 >= name.length()) {
            return null;
        }
        return new McpTool(name.substring(PREFIX.length(), split), name.substring(split + 2));
    }

    /** The name the agents give it: {@code mcp__SERVER__TOOL}. */
    public String name() {
        return PREFIX + server + "__" + tool;
    }
}
