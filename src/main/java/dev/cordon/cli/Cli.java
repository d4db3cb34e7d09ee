package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.UserError;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Runs one command line against a context and turns every failure into a message and an exit
 * code: usage errors 2, invalid policy 3, controlled errors their own code, anything else 1 —
 * never a stack trace unless asked for.
 */
public final class Cli implements AutoCloseable {

    private final Context context;
    private final Services services;
    private final boolean ownsServices;

    /** A one-shot command line with its own services. */
    public Cli(Context context) {
        this(context, new Services(context.home(), Services.cacheDir(context.env())), true);
    }

    /** A command line sharing long-lived services (the warm path of {@code cordon serve}). */
    public Cli(Context context, Services services) {
        this(context, services, false);
    }

    private Cli(Context context, Services services, boolean ownsServices) {
        this.context = context;
        this.services = services;
        this.ownsServices = ownsServices;
    }

    public int execute(String... args) {
        if (ownsServices) {
            // Before the command-line model: building it takes a cold JVM tens of milliseconds.
            StartupWarmup.start(context, services, args);
        }
        CommandLine root = Main.commandLine(context, services, args);
        root.setOut(context.out());
        root.setErr(context.err());
        root.setParameterExceptionHandler(this::usageError);
        root.setExecutionExceptionHandler((e, line, parsed) -> failure(e));
        try {
            return root.execute(args);
        } finally {
            context.out().flush();
            context.err().flush();
        }
    }

    private int usageError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = context.err();
        err.println("error: " + e.getMessage());
        err.println("help: run `" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help`");
        return ExitCode.USAGE;
    }

    private int failure(Exception e) {
        PrintWriter err = context.err();
        if (e instanceof UserError user) {
            err.println("error: " + user.getMessage());
            if (user.help() != null) {
                err.println("help: " + user.help());
            }
            return user.exitCode();
        }
        if (e instanceof PolicyException policy) {
            for (Problem problem : policy.problems()) {
                err.println("error: " + problem.render());
            }
            err.println("help: nothing was decided; fix the files above (`cordon policy check` lists every problem)");
            return ExitCode.INVALID_POLICY;
        }
        err.println("error: internal error: " + e);
        if (context.env().containsKey("CORDON_STACKTRACE")) {
            e.printStackTrace(err);
        }
        return ExitCode.INTERNAL_ERROR;
    }

    @Override
    public void close() {
        if (ownsServices) {
            services.close();
        }
    }
}
