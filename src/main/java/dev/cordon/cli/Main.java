package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.serve.ServeClient;
import java.util.OptionalInt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code cordon}: the root command. With no subcommand it prints its usage and exits 2. */
@Command(
        name = "cordon",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        usageHelpAutoWidth = true,
        description = {
            "Decides, by policy written as code, what an AI coding agent may do,",
            "and runs what it allows inside the strongest OS sandbox this machine offers."},
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0    success; `policy test`: ALLOW",
            "  1    internal error",
            "  2    usage error; `hook`: the tool call is refused (reason on stderr)",
            "  3    invalid rules or profiles; `hook install`: unreadable agent settings",
            "  4    `policy verify`: a case did not get its expected decision",
            "  10   `policy test`: DENY",
            "  11   `policy test`: ASK",
            "  12   `policy test`: SANDBOX",
            "  126  `run`: the policy refused the command (reason on stderr)",
            "  *    `run` without --json: the command's own exit code",
            "",
            "Set CORDON_STACKTRACE=1 to see the stack trace of an internal error."})
public final class Main implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new UserError(ExitCode.USAGE, "missing command");
    }

    public static void main(String[] args) {
        Context context = Context.ofProcess();
        OptionalInt forwarded = ServeClient.forward(args, context.cwd(), context.env(), System.out, System.err,
                context.terminal());
        if (forwarded.isPresent()) {
            System.exit(forwarded.getAsInt());
        }
        int code;
        try (Cli cli = new Cli(context)) {
            code = cli.execute(args);
        }
        System.exit(code);
    }

    /** Builds the root command line with every subcommand, for the given context. */
    static CommandLine commandLine(Context context, Services services, String[] args) {
        CommandLine root = new CommandLine(new Main());
        Commands.register(root, context, services, args.length > 0 ? args[0] : null);
        return root;
    }
}
