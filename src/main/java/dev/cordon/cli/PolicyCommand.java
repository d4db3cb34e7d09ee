package dev.cordon.cli;

import dev.cordon.engine.PolicyEnvironment;
import java.util.Objects;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cordon policy test | check | verify}.
 *
 * <p>Wiring: {@code root.addSubcommand("policy", new PolicyCommand(() -> environment))}, where
 * the supplier gives the {@link PolicyEnvironment} of this invocation (profile resolution,
 * executor facts, approvals, cwd and environment). It is called only when a subcommand runs.
 */
@Command(
        name = "policy",
        description = "Dry-run decisions, validate rule and profile files, run policy test suites.",
        mixinStandardHelpOptions = true,
        subcommands = {PolicyTestCommand.class, PolicyCheckCommand.class, PolicyVerifyCommand.class})
public final class PolicyCommand implements Runnable {

    private final Supplier<PolicyEnvironment> environment;

    @Spec
    CommandSpec spec;

    public PolicyCommand(Supplier<PolicyEnvironment> environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: `test`, `check` or `verify`");
    }

    PolicyEnvironment environment() {
        return environment.get();
    }
}
