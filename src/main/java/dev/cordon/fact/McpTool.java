package dev.cordon.fact;

import dev.cordon.request.Tools;

/**
 * A tool of an MCP server, named {@code mcp__SERVER__TOOL} by the agents. Rules match it by
 * server and tool, e.g. {@code McpTool( server == "github", tool == "delete_repository" )}.
 *
 * @param server the server's name
 * @param tool the tool's name on that server
 */
public record McpTool(String server, String tool) {

    /** The parts of an MCP tool name, or null when the name is not one. */
    public static McpTool of(String name) {
        if (!Tools.isMcp(name)) {
            return null;
        }
        int split = name.indexOf("__", Tools.MCP_PREFIX.length());
        return new McpTool(name.substring(Tools.MCP_PREFIX.length(), split), name.substring(split + 2));
    }
}
