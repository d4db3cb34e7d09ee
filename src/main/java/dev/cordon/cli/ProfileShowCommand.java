package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.ProfileYaml;
import dev.cordon.profile.Resolution;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon profile show [NAME]}: a profile as YAML with every layer applied, as it would
 * be in force with {@code --profile NAME} (without NAME: the one in force now).
 */
@Command(name = "show", description = "Print a profile as YAML, resolved: extends, layers and variables applied.",
        mixinStandardHelpOptions = true)
public final class ProfileShowCommand implements Callable<Integer> {

    @ParentCommand
    ProfileCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "The profile (default: the one in force).")
    String name;

    @Override
    public Integer call() {
        PolicySources sources = parent.sources();
        if (name != null) {
            Overrides flags = sources.flags().withProfile(name);
            sources = sources.withFlags(flags);
        }
        Resolution resolution = new ProfileResolver().resolve(sources);
        spec.commandLine().getOut().print(ProfileYaml.render(resolution.profile()));
        spec.commandLine().getOut().flush();
        ProfileCommand.printWarnings(spec.commandLine().getErr(), resolution);
        return ExitCode.OK;
    }
}
