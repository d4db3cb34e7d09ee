package dev.cordon.approval;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The leading words an "always" answer is remembered by: the program, or the program and its
 * subcommand for tools whose subcommands do very different things ({@code git push} is not
 * {@code git status}).
 *
 * <p>Only a plain, single command gets a prefix. Anything that could run a second command or
 * hide the real one (operators, substitutions, redirections, a leading assignment, a wrapper
 * such as {@code sudo} or {@code bash -c}) has none, so it can never be approved "always" nor
 * slip through under an approval given to something else.
 */
public final class CommandPrefix {

    /** Programs whose second word selects what they do; an "always" covers that subcommand only. */
    static final Set<String> SUBCOMMAND_TOOLS = Set.of(
            "git", "npm", "pnpm", "yarn", "cargo", "docker", "podman", "kubectl", "helm", "go", "mvn",
            "./mvnw", "gradle", "./gradlew", "pip", "pip3", "uv", "poetry", "dotnet", "terraform",
            "apt", "apt-get", "brew",
            // interpreters: the script is the "subcommand"; `python -c …` gets no prefix at all
            "python", "python3", "node", "ruby", "perl", "php", "java", "deno", "bun");

    /** Programs that run another command (or arbitrary code) given as their arguments. */
    static final Set<String> WRAPPERS = Set.of(
            "sudo", "doas", "su", "env", "nice", "ionice", "nohup", "timeout", "time", "stdbuf", "xargs",
            "exec", "eval", "command", "builtin", "setsid", "chroot", "unshare", "nsenter", "watch",
            "find", "strace", "ltrace", "flock", "chrt", "taskset", "script", "ssh",
            "sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "busybox", "source", ".");

    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._/+:@%,-]+");

    private CommandPrefix() {
    }

    /** The prefix of a plain single command, or empty when it has none. */
    public static Optional<List<String>> of(String command) {
        if (command == null || !isSingleCommand(command)) {
            return Optional.empty();
        }
        String[] words = command.strip().split("[ \\t]+", 3);
        String program = words[0];
        if (!isLiteral(program) || program.indexOf('=') >= 0 || program.startsWith("-")) {
            return Optional.empty();
        }
        // `/usr/bin/sudo` is `sudo`
        String name = program.substring(program.lastIndexOf('/') + 1);
        if (WRAPPERS.contains(name) || WRAPPERS.contains(program)) {
            return Optional.empty();
        }
        if (!SUBCOMMAND_TOOLS.contains(name) && !SUBCOMMAND_TOOLS.contains(program)) {
            return Optional.of(List.of(program));
        }
        // `git` alone, `git -C dir push` or `git "$x"`: a one-word prefix would cover every subcommand
        if (words.length < 2 || !isLiteral(words[1]) || words[1].startsWith("-")) {
            return Optional.empty();
        }
        return Optional.of(List.of(program, words[1]));
    }

    /** A word that means itself: no quotes, expansions or globs. */
    private static boolean isLiteral(String word) {
        return WORD.matcher(word).matches();
    }

    /**
     * True when no shell operator, substitution or redirection appears outside quotes and no
     * substitution appears inside double quotes.
     */
    private static boolean isSingleCommand(String command) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (single) {
                single = c != '\'';
            } else if (c == '\\') {
                if (i + 1 < command.length() && command.charAt(i + 1) == '\n') {
                    return false;
                }
                i++;
            } else if (c == '`' || (c == '$' && i + 1 < command.length() && command.charAt(i + 1) == '(')) {
                return false;
            } else if (dbl) {
                dbl = c != '"';
            } else if (c == '\'') {
                single = true;
            } else if (c == '"') {
                dbl = true;
            } else if (";&|<>()\n\r".indexOf(c) >= 0) {
                return false;
            }
        }
        return !single && !dbl;
    }
}
