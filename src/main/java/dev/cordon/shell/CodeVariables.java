package dev.cordon.shell;

import java.util.List;
import java.util.Set;

/**
 * Environment variables whose value is code some program runs later: pagers, editors and
 * helpers git, man and less start ({@code GIT_PAGER}, {@code EDITOR}, {@code LESSOPEN}…), the
 * shell's own hooks ({@code PROMPT_COMMAND}, and the prompts and {@code ENV}, whose command
 * substitutions run), {@code BASH_ENV} when it names a file the line gives, and functions
 * exported to bash through the environment ({@code BASH_FUNC_ls%%=() { …; }}), which shadow a
 * program in every bash the command starts. Their values are read as commands.
 */
final class CodeVariables {

    /** Values a program runs as a shell command line. */
    private static final Set<String> COMMANDS = Set.of(
            "PROMPT_COMMAND", "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_SSH_COMMAND", "GIT_ASKPASS",
            "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "SSH_ASKPASS", "SUDO_ASKPASS", "SUDO_EDITOR", "PAGER",
            "MANPAGER", "SYSTEMD_PAGER", "BAT_PAGER", "DELTA_PAGER", "EDITOR", "VISUAL", "FCEDIT", "BROWSER",
            "LESSOPEN", "LESSCLOSE", "RSYNC_RSH", "RSYNC_CONNECT_PROG", "CVS_RSH", "HGEDITOR", "TERMINAL",
            "MANROFFOPT");

    /** Values the shell expands, running their command substitutions. */
    private static final Set<String> EXPANDED = Set.of("PS0", "PS1", "PS2", "PS3", "PS4", "ENV");

    /** The prefix of a function bash imports from its environment. */
    private static final String EXPORTED_FUNCTION = "BASH_FUNC_";

    private CodeVariables() {
    }

    static boolean holdsCode(String name) {
        return COMMANDS.contains(name) || EXPANDED.contains(name) || name.equals("BASH_ENV")
                || name.startsWith(EXPORTED_FUNCTION);
    }

    /** The code in the variable's value; for {@code BASH_ENV}, the file's content when the line gives it. */
    static List<String> code(String name, String value, TextOutput.Files files) {
        if (name.equals("BASH_ENV")) {
            String content = files.content(value);
            return content == null ? List.of() : List.of(content);
        }
        if (name.startsWith(EXPORTED_FUNCTION)) {
            // `() { body; }`: the body is a group command of its own.
            String body = value.strip();
            return List.of(body.startsWith("()") ? body.substring(2) : body);
        }
        if (name.equals("LESSOPEN") || name.equals("LESSCLOSE")) {
            String command = value;
            while (command.startsWith("|") || command.startsWith("-")) {
                command = command.substring(1);
            }
            return List.of(command.replace("%s", "FILE"));
        }
        if (EXPANDED.contains(name)) {
            // Only its substitutions run: read it as a double-quoted word.
            return List.of(": \"" + value.replace("\"", "\\\"") + "\"");
        }
        return List.of(value);
    }
}
