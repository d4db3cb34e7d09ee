package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.hook.settings.AgentSettings;
import dev.cordon.hook.settings.Agents;
import dev.cordon.hook.settings.FileChange;
import dev.cordon.hook.settings.Installation;
import dev.cordon.hook.settings.LineDiff;
import dev.cordon.hook.settings.Scope;
import dev.cordon.hook.settings.SettingsError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cordon hook install|uninstall AGENT}: adds cordon's hook to an agent's settings, or
 * removes exactly what install added. Other keys and hooks are kept, the old file is kept as
 * {@code FILE.cordon-backup}, and a file that does not parse is left alone (exit 3).
 */
@Command(mixinStandardHelpOptions = true)
public final class HookInstallCommand implements Callable<Integer> {

    /** What the command does to the settings. */
    enum Action {
        INSTALL,
        UNINSTALL
    }

    private final Context context;
    private final Action action;

    @Parameters(index = "0", paramLabel = "AGENT", description = "claude-code, codex or gemini-cli.")
    String agent;

    @ArgGroup(exclusive = true)
    Where where = new Where();

    static final class Where {
        @Option(names = "--user", description = "The user's settings (the default).")
        boolean user;

        @Option(names = "--project", description = "The settings of the project in the current directory.")
        boolean project;
    }

    @Option(names = "--dry-run", description = "Print the change; write nothing.")
    boolean dryRun;

    @Option(names = "--http-port", paramLabel = "N", description = "Claude Code only: install its HTTP hook type,"
            + " posting to `cordon serve --port N` (with the token in $CORDON_TOKEN), instead of the command hook.")
    Integer httpPort;

    HookInstallCommand(Context context, Action action) {
        this.context = context;
        this.action = action;
    }

    @Override
    public Integer call() throws IOException {
        AgentSettings settings = Agents.of(agent);
        if (settings == null) {
            throw new UserError(ExitCode.USAGE, "cordon has no settings to edit for `" + agent + "`, expected one of "
                    + String.join(", ", Agents.names()), "any other agent can run `cordon hook json` itself (docs/json.md)");
        }
        if (httpPort != null && (httpPort < 1 || httpPort > 65535 || action == Action.UNINSTALL)) {
            throw new UserError(ExitCode.USAGE, "--http-port takes a port between 1 and 65535, with install only");
        }
        Installation installation = new Installation(context.home().resolve("bin").resolve("cordon"), context.env(),
                context.cwd());
        Scope scope = where.project ? Scope.PROJECT : Scope.USER;
        List<FileChange> changes;
        try {
            changes = action == Action.INSTALL
                    ? settings.install(scope, installation, httpPort == null ? OptionalInt.empty() : OptionalInt.of(httpPort))
                    : settings.uninstall(scope, installation);
        } catch (SettingsError e) {
            throw new UserError(ExitCode.INVALID_POLICY, e.getMessage(), "nothing was changed");
        }
        PrintWriter out = context.out();
        for (FileChange change : changes) {
            if (!change.changes()) {
                out.println(change.file() + ": nothing to change");
            } else if (dryRun) {
                out.println(change.file() + ": would change");
                LineDiff.of(change.before(), change.after()).forEach(line -> out.println("  " + line));
            } else {
                Path backup = write(change);
                out.println(change.file() + ": " + (change.after() == null ? "removed" : "changed")
                        + (backup == null ? "" : " (the file as it was: " + backup + ")"));
            }
        }
        if (!dryRun && changes.stream().anyMatch(FileChange::changes)) {
            out.println(action == Action.INSTALL ? "cordon's hook is installed for " + agent + "; see `cordon hook status`"
                    : "cordon's hook is removed for " + agent);
        }
        return ExitCode.OK;
    }

    /** Writes through a temporary file, keeping the old file as {@code FILE.cordon-backup}. */
    private static Path write(FileChange change) throws IOException {
        Path file = change.file();
        Path backup = null;
        if (Files.exists(file)) {
            backup = file.resolveSibling(file.getFileName() + ".cordon-backup");
            Files.copy(file, backup, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
        if (change.after() == null) {
            // Nothing but cordon's hook was in it: the file goes as install made it.
            Files.deleteIfExists(file);
            return backup;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(temp, change.after(), StandardCharsets.UTF_8);
            if (backup != null) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(backup));
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return backup;
    }
}
