package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cordon audit tail | violations}: reads the audit log of the active profile.
 *
 * <p>Wiring: {@code new CommandLine(main).addSubcommand("audit", new AuditCommand(() -> file))},
 * where the supplier returns the active profile's audit file with variables expanded, or null
 * when audit is disabled. It is called only when a subcommand runs, so resolving the profile
 * can be left until then.
 */
@Command(
        name = "audit",
        description = "Read the audit log: recent events, recent violations.",
        mixinStandardHelpOptions = true,
        subcommands = {AuditTailCommand.class, AuditViolationsCommand.class})
public final class AuditCommand implements Runnable {

    private final Supplier<Path> auditFile;
    private final Clock clock;

    @Spec
    CommandSpec spec;

    public AuditCommand(Supplier<Path> auditFile) {
        this(auditFile, Clock.systemUTC());
    }

    /** @param clock what {@code violations --since} counts back from */
    public AuditCommand(Supplier<Path> auditFile, Clock clock) {
        this.auditFile = Objects.requireNonNull(auditFile, "auditFile");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: `tail` or `violations`");
    }

    Clock clock() {
        return clock;
    }

    /** The audit file to read. */
    Path auditFile() {
        Path file = auditFile.get();
        if (file == null) {
            throw new UserError(ExitCode.USAGE, "audit is disabled in the active profile",
                    "enable it in the profile with `audit: {enabled: true}`");
        }
        return file;
    }
}
