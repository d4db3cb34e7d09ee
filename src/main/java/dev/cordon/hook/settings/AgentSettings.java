package dev.cordon.hook.settings;

import java.util.List;
import java.util.OptionalInt;

/**
 * One agent's settings files: where its hooks are configured, how cordon's hook is added and
 * removed (only what install added, every other key and hook kept), and what is in place now.
 */
public interface AgentSettings {

    /** The agent's name on the command line, e.g. {@code claude-code}. */
    String agent();

    /**
     * The changes that install cordon's hook.
     *
     * @param httpPort for Claude Code's HTTP hook type: the port of {@code cordon serve} on the
     *     loopback interface; empty for the command hook
     * @throws SettingsError when a file does not parse or cannot be changed safely, or the agent
     *     has no HTTP hooks
     */
    List<FileChange> install(Scope scope, Installation installation, OptionalInt httpPort);

    /**
     * The changes that remove what {@link #install} added.
     *
     * @throws SettingsError when a file does not parse
     */
    List<FileChange> uninstall(Scope scope, Installation installation);

    /** One line per file: what of cordon is installed there, and anything that keeps it from running. */
    List<String> status(Scope scope, Installation installation);
}
