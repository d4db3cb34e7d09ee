package dev.cordon.request;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One tool call of an agent.
 *
 * @param tool {@code bash}, {@code read_file}, {@code write_file}, {@code edit_file},
 *     {@code list_directory} or a custom name
 * @param command a shell command line for shell tools, else null
 * @param argv an argument vector when the caller gave one instead of a command line, else null
 * @param path the file or directory of a file tool, the URL of {@code web_fetch}, the query of
 *     {@code web_search}, else null
 * @param cwd working directory; relative paths resolve against it
 * @param env the caller's environment, used for expansion of {@code $HOME} and friends
 * @param workspace the project directory
 */
public record Request(
        String tool,
        String command,
        List<String> argv,
        String path,
        Path cwd,
        Map<String, String> env,
        Path workspace) {

    public Request {
        argv = argv == null ? null : List.copyOf(argv);
        env = Map.copyOf(env);
    }

    public boolean isShell() {
        return Tools.isShell(tool);
    }
}
