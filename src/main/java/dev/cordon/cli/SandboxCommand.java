package dev.cordon.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code cordon sandbox status}: what this machine really enforces. */
@Command(
        name = "sandbox",
        description = "Show the executors, what each really enforces here, and which one each profile gets.",
        mixinStandardHelpOptions = true)
public final class SandboxCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: `status`, `setup` or `reset`");
    }
}
