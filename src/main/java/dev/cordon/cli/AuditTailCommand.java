package dev.cordon.cli;

import dev.cordon.audit.AuditReader;
import dev.cordon.audit.AuditText;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cordon audit tail [-n N] [--json]}: the last audit events, oldest first. */
@Command(name = "tail", description = "Show the last audit events, oldest first.", mixinStandardHelpOptions = true)
public final class AuditTailCommand implements Callable<Integer> {

    @ParentCommand
    AuditCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "-n", paramLabel = "N", defaultValue = "20", description = "How many events (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--json", description = "Print the JSON lines as they are in the log.")
    boolean json;

    @Override
    public Integer call() {
        if (count < 1) {
            throw new ParameterException(spec.commandLine(), "invalid value `" + count + "` for `-n`: expected 1 or more");
        }
        Path file = parent.auditFile();
        try {
            AuditText.print(spec.commandLine().getOut(), spec.commandLine().getErr(), new AuditReader(file).tail(count),
                    json ? AuditText.Format.JSON : AuditText.Format.PLAIN);
        } catch (IOException e) {
            throw new UserError(ExitCode.INTERNAL_ERROR, "cannot read the audit log `" + file + "`: " + e.getMessage());
        }
        return ExitCode.OK;
    }
}
