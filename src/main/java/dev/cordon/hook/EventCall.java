package dev.cordon.hook;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.fact.McpTool;
import dev.cordon.request.Connection;
import dev.cordon.request.Tool;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The parts every adapter reads from an event, and the calls it builds from them.
 *
 * @param tool the agent's tool name
 * @param cwd the agent's working directory
 * @param workspace the project root the agent names, or null
 * @param input the tool's input
 * @param session the agent's session id, or null
 */
record EventCall(String tool, Path cwd, Path workspace, ObjectNode input, String session) {

    /** A shell command; {@code field} names the input field a hook may rewrite, or is null. */
    ToolCall shell(String command, String field, Path commandCwd) {
        return call(ToolCall.Kind.SHELL, List.of(new ToolCall.Check(Tool.BASH, command, null, null, commandCwd)),
                field);
    }

    /** One file tool request per path. */
    ToolCall files(Tool cordonTool, List<String> paths) {
        List<ToolCall.Check> checks = new ArrayList<>();
        for (String path : paths) {
            checks.add(new ToolCall.Check(cordonTool, null, path, null, null));
        }
        return call(ToolCall.Kind.FILES, checks, null);
    }

    /**
     * A search below a directory (null: the working directory), by a glob pattern or null: a read
     * of the directory, and of the directory the pattern's fixed leading part names when it leads
     * elsewhere ({@code ../../etc/*}, {@code /etc/**}).
     */
    ToolCall listing(String directory, String pattern) {
        String dir = directory == null ? cwd.toString() : directory;
        List<String> paths = new ArrayList<>(List.of(dir));
        String prefix = pattern == null ? "" : GlobPrefix.of(pattern);
        if (!prefix.isEmpty()) {
            paths.add(Path.of(dir).resolve(prefix).toString());
        }
        return files(Tool.LIST_DIRECTORY, paths);
    }

    /**
     * A connection to the host and port of each URL, as the egress proxy would ask for it. With no
     * URL (a web search, made by the agent's provider) there is no destination to check: the
     * profile's {@code hooks.other_tools} answers it.
     */
    ToolCall web(List<String> urls) {
        if (urls.isEmpty()) {
            return other();
        }
        List<ToolCall.Check> checks = new ArrayList<>();
        for (String url : urls) {
            checks.add(new ToolCall.Check(Tool.NETWORK, null, null, connection(url), null));
        }
        return call(ToolCall.Kind.WEB, checks, null);
    }

    private static Connection connection(String url) {
        try {
            URI uri = new URI(url.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            String host = uri.getHost();
            if (!scheme.equals("http") && !scheme.equals("https") || host == null) {
                throw new BadEvent("`" + url + "` is not an http or https URL with a host");
            }
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            return Connection.to(host, uri.getPort() > 0 ? uri.getPort() : scheme.equals("http") ? 80 : 443);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new BadEvent("`" + url + "` is not a URL cordon can read");
        }
    }

    /** A tool of an MCP server, under cordon's name for it: {@code mcp__SERVER__TOOL}. */
    ToolCall mcp(String server, String name) {
        return call(ToolCall.Kind.MCP, List.of(new ToolCall.Check(Tool.of(new McpTool(server, name).name()), null, null,
                null, null)), null);
    }

    /** A tool the adapter does not know. */
    ToolCall other() {
        return call(ToolCall.Kind.OTHER, List.of(), null);
    }

    private ToolCall call(ToolCall.Kind kind, List<ToolCall.Check> checks, String field) {
        return new ToolCall(tool, kind, checks, cwd, workspace, input, field, session);
    }
}
