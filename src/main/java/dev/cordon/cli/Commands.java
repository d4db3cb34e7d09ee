package dev.cordon.cli;

import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import java.nio.file.Path;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine;

/** The one place that lists the subcommands and gives each what it needs. */
final class Commands {

    private Commands() {
    }

    /**
     * Adds the subcommands. Building a picocli model costs a one-shot command real time, so when
     * the first argument names a subcommand only that one is built; the root's own help, the
     * completion script and unknown words get them all.
     */
    static void register(CommandLine root, Context context, Services services, String first) {
        if (first != null && NAMES.contains(first) && !first.equals("completion")) {
            root.addSubcommand(first, create(first, context, services));
            return;
        }
        for (String name : NAMES) {
            root.addSubcommand(name, create(name, context, services));
        }
    }

    private static final List<String> NAMES =
            List.of("policy", "run", "profile", "sandbox", "audit", "serve", "hook", "completion");

    private static Object create(String name, Context context, Services services) {
        return switch (name) {
            case "policy" -> new PolicyCommand(() -> new CliPolicyEnvironment(context, services));
            case "run" -> new RunCommand(context, services);
            case "profile" -> new ProfileCommand(() -> sources(context, services));
            case "sandbox" -> new CommandLine(new SandboxCommand())
                    .addSubcommand("status", new SandboxStatusCommand(context, services))
                    .addSubcommand("setup", maintenance(context, services, "setup",
                            "Create the dedicated sandbox an executor keeps between runs (the WSL distro)."))
                    .addSubcommand("reset", maintenance(context, services, "reset", "Remove and recreate it."));
            case "audit" -> new AuditCommand(() -> auditFile(context, services));
            case "serve" -> new ServeCommand(context);
            case "hook" -> new CommandLine(new HookCommand(context, services))
                    .addSubcommand("install", hookSettings(context, HookInstallCommand.Action.INSTALL, "install",
                            "Add cordon's hook to an agent's settings (other keys and hooks kept, a backup written)."))
                    .addSubcommand("uninstall", hookSettings(context, HookInstallCommand.Action.UNINSTALL, "uninstall",
                            "Remove exactly what `cordon hook install` added."))
                    .addSubcommand("status", new HookStatusCommand(context));
            case "completion" -> completion();
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static CommandLine hookSettings(Context context, HookInstallCommand.Action action, String name,
            String description) {
        CommandLine command = new CommandLine(new HookInstallCommand(context, action));
        command.getCommandSpec().name(name).usageMessage().description(description);
        return command;
    }

    /** picocli's completion script generator, named as cordon lists it (its help says how to source it). */
    private static CommandLine completion() {
        CommandLine command = new CommandLine(new AutoComplete.GenerateCompletion());
        command.getCommandSpec().name("completion");
        return command;
    }

    private static CommandLine maintenance(Context context, Services services, String name, String description) {
        CommandLine command = new CommandLine(new SandboxMaintenanceCommand(context, services, name));
        command.getCommandSpec().name(name).mixinStandardHelpOptions(true).usageMessage().description(description);
        return command;
    }

    /** The active profile's audit file, or null when it does not audit. */
    private static Path auditFile(Context context, Services services) {
        Profile.Audit audit = new ProfileResolver().resolve(sources(context, services)).profile().audit();
        return audit.enabled() ? Path.of(audit.file()) : null;
    }

    static PolicySources sources(Context context, Services services) {
        return PolicySources.of(context.home(), context.cwd(), context.env(), Overrides.NONE)
                .withExecutors(services.executors());
    }
}
