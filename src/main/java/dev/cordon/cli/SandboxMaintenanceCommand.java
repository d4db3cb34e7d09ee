package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;

/**
 * {@code cordon sandbox setup | reset}: the lifecycle an executor keeps outside single runs (the
 * dedicated WSL distribution). Each executor that offers the command runs it, or the one named.
 */
final class SandboxMaintenanceCommand implements Callable<Integer> {

    private final Context context;
    private final Services services;
    private final String command;

    @Option(names = "--executor", paramLabel = "NAME", description = "Only this executor (default: every executor that offers the command).")
    String executor;

    SandboxMaintenanceCommand(Context context, Services services, String command) {
        this.context = context;
        this.services = services;
        this.command = command;
    }

    @Override
    public Integer call() {
        List<Executor> offering = services.registry().executors().stream()
                .filter(e -> executor == null || e.id().equals(executor))
                .filter(e -> e.maintenanceCommands().contains(command))
                .toList();
        if (offering.isEmpty()) {
            throw new UserError(ExitCode.USAGE, executor == null
                    ? "no installed executor offers `" + command + "`"
                    : "executor `" + executor + "` does not offer `" + command + "`");
        }
        for (Executor e : offering) {
            try {
                String summary = e.maintain(command, line -> context.err().println(e.id() + ": " + line));
                context.out().println(e.id() + ": " + summary);
            } catch (ExecutorException failure) {
                throw new UserError(ExitCode.INTERNAL_ERROR, e.id() + ": `" + command + "` failed: " + failure.getMessage());
            }
        }
        return ExitCode.OK;
    }
}
