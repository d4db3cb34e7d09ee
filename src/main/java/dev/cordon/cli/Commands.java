package dev.cordon.cli;

import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;

/** The one place that lists the subcommands and gives each what it needs. */
final class Commands {

    private Commands() {
    }

    static void register(CommandLine root, Context context, Services services) {
        root.addSubcommand("policy", new PolicyCommand(() -> new CliPolicyEnvironment(context, services)));
        root.addSubcommand("run", new RunCommand(context, services));
        root.addSubcommand("profile", new ProfileCommand(() -> sources(context)));
        root.addSubcommand("sandbox", new CommandLine(new SandboxCommand())
                .addSubcommand("status", new SandboxStatusCommand(context, services))
                .addSubcommand("setup", maintenance(context, services, "setup",
                        "Create the dedicated sandbox an executor keeps between runs (the WSL distro)."))
                .addSubcommand("reset", maintenance(context, services, "reset",
                        "Remove and recreate it.")));
        root.addSubcommand("audit", new AuditCommand(() -> auditFile(context)));
        root.addSubcommand("serve", new ServeCommand(context));
        root.addSubcommand("completion", new AutoComplete.GenerateCompletion());
    }

    private static CommandLine maintenance(Context context, Services services, String name, String description) {
        CommandLine command = new CommandLine(new SandboxMaintenanceCommand(context, services, name));
        command.getCommandSpec().name(name).mixinStandardHelpOptions(true).usageMessage().description(description);
        return command;
    }

    /** The active profile's audit file, or null when it does not audit. */
    private static Path auditFile(Context context) {
        Profile.Audit audit = new ProfileResolver().resolve(sources(context)).profile().audit();
        return audit.enabled() ? Path.of(audit.file()) : null;
    }

    static PolicySources sources(Context context) {
        return PolicySources.of(context.home(), context.cwd(), context.env(), Overrides.NONE);
    }
}
