package dev.cordon.cli;

import dev.cordon.audit.AuditReader;
import dev.cordon.audit.AuditText;
import dev.cordon.audit.Durations;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon audit violations [--since DURATION] [--json]}: recent denials and sandbox
 * violations, oldest first.
 */
@Command(
        name = "violations",
        description = "Show recent violations: requests the policy denied (also when not enforced) and what the sandbox refused.",
        mixinStandardHelpOptions = true)
public final class AuditViolationsCommand implements Callable<Integer> {

    @ParentCommand
    AuditCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--since", paramLabel = "DURATION", defaultValue = "24h",
            description = "How far back: 45s, 30m, 2h, 7d, 1w (default: ${DEFAULT-VALUE}).")
    String since;

    @Option(names = "--json", description = "Print the JSON lines as they are in the log.")
    boolean json;

    @Override
    public Integer call() {
        Duration window;
        try {
            window = Durations.parse(since);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Path file = parent.auditFile();
        try {
            AuditText.print(spec.commandLine().getOut(), spec.commandLine().getErr(),
                    new AuditReader(file).violationsSince(window, parent.clock().instant()),
                    json ? AuditText.Format.JSON : AuditText.Format.PLAIN);
        } catch (IOException e) {
            throw new UserError(ExitCode.INTERNAL_ERROR, "cannot read the audit log `" + file + "`: " + e.getMessage());
        }
        return ExitCode.OK;
    }
}
