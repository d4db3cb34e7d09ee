package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.ProjectConfig;
import dev.cordon.profile.Resolution;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon profile use NAME}: records {@code profile: NAME} in the nearest project config
 * ({@code .cordon/config.yaml}, created in the cwd when no project is found above it).
 */
@Command(name = "use", description = "Record the profile this project uses, in its .cordon/config.yaml.",
        mixinStandardHelpOptions = true)
public final class ProfileUseCommand implements Callable<Integer> {

    @ParentCommand
    ProfileCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The profile; `cordon profile list` shows the names.")
    String name;

    @Override
    public Integer call() {
        PolicySources sources = parent.sources();
        Path file = ProjectConfig.use(sources, name);
        PrintWriter out = spec.commandLine().getOut();
        out.println("profile `" + name + "` recorded in " + file);
        Resolution resolution = new ProfileResolver().resolve(sources);
        ProfileCommand.printWarnings(spec.commandLine().getErr(), resolution);
        if (!resolution.profile().name().equals(name)) {
            out.println("in force: `" + resolution.profile().name() + "` (`cordon profile current` shows why)");
        }
        if (!resolution.projectTrusted() && sources.userConfigDir() != null) {
            // A project's own choice only tightens; say how to let it do more.
            out.println("help: the project is not trusted, so its profile can only tighten yours; to trust it, add `"
                    + resolution.projectRoot() + "` to `trusted_projects` in "
                    + sources.userConfigDir().resolve("config.yaml"));
        }
        return ExitCode.OK;
    }
}
