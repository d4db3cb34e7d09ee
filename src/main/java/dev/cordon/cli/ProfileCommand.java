package dev.cordon.cli;

import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Resolution;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cordon profile list | show [NAME] | use NAME | current}.
 *
 * <p>Wiring: {@code root.addSubcommand("profile", new ProfileCommand(() -> sources))}, where the
 * supplier builds the {@link PolicySources} of this invocation (cordon home, user config dir,
 * cwd, environment, no flags: {@code PolicySources.of(home, cwd, env, Overrides.NONE)}). It is
 * called only when a subcommand runs.
 */
@Command(
        name = "profile",
        description = "List, show and select profiles; show where each setting in force comes from.",
        mixinStandardHelpOptions = true,
        subcommands = {ProfileListCommand.class, ProfileShowCommand.class, ProfileUseCommand.class, ProfileCurrentCommand.class})
public final class ProfileCommand implements Runnable {

    private final Supplier<PolicySources> sources;

    @Spec
    CommandSpec spec;

    public ProfileCommand(Supplier<PolicySources> sources) {
        this.sources = Objects.requireNonNull(sources, "sources");
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: `list`, `show`, `use` or `current`");
    }

    PolicySources sources() {
        return sources.get();
    }

    /** Prints the ignored project settings of a resolution, one per line, on stderr. */
    static void printWarnings(PrintWriter err, Resolution resolution) {
        for (String warning : resolution.warnings()) {
            err.println("warning: " + warning);
        }
    }
}
