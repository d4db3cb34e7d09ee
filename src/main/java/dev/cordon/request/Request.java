package dev.cordon.request;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One tool call of an agent.
 *
 * @param tool the tool called
 * @param command a shell command line for shell tools, else null
 * @param argv an argument vector when the caller gave one instead of a command line, else null
 * @param path the file or directory of a file tool, else null
 * @param cwd working directory; relative paths resolve against it
 * @param env the caller's environment, used for expansion of {@code $HOME} and friends
 * @param workspace the project directory
 * @param connection the destination of a network request, else null
 */
public record Request(
        Tool tool,
        String command,
        List<String> argv,
        String path,
        Path cwd,
        Map<String, String> env,
        Path workspace,
        Connection connection) {

    public Request {
        argv = argv == null ? null : List.copyOf(argv);
        env = Map.copyOf(env);
    }

    /** A call of a shell or file tool, by the tool's name as an agent gives it. */
    public Request(String tool, String command, List<String> argv, String path, Path cwd, Map<String, String> env,
            Path workspace) {
        this(Tool.of(tool), command, argv, path, cwd, env, workspace, null);
    }

    /** A new connection to {@code connection}, as the egress proxy asks before it connects. */
    public static Request network(Connection connection, Path cwd, Map<String, String> env, Path workspace) {
        return new Request(Tool.NETWORK, null, null, null, cwd, env, workspace, connection);
    }

    public boolean isShell() {
        return tool.isShell();
    }
}
