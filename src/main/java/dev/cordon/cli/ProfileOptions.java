package dev.cordon.cli;

import dev.cordon.profile.Overrides;
import dev.cordon.profile.Profile;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The flags that choose and adjust the profile: the highest layer of precedence. */
public final class ProfileOptions {

    @Option(names = "--profile", paramLabel = "NAME", description = "Profile to use (default: the project's, the user's, or workspace-write).")
    String profile;

    @Option(names = "--sandbox", paramLabel = "MODE", converter = ModeConverter.class,
            description = "Enforcement mode: off, permissive, standard or strict.")
    Profile.Mode mode;

    @Option(names = "--executor", paramLabel = "NAME", description = "Executor: auto or an executor id (see `cordon sandbox status`).")
    String executor;

    @Option(names = "--workspace", paramLabel = "DIR", description = "Workspace directory (default: the project root, else the current directory).")
    Path workspace;

    @Option(names = "--timeout", paramLabel = "S", description = "Kill the command and everything it started after S seconds.")
    Integer timeoutSeconds;

    public Overrides overrides() {
        return new Overrides(profile, mode, executor, workspace, timeoutSeconds);
    }

    /** Accepts the mode names in any case. */
    static final class ModeConverter implements picocli.CommandLine.ITypeConverter<Profile.Mode> {
        @Override
        public Profile.Mode convert(String value) {
            try {
                return Profile.Mode.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(
                        "unknown mode `" + value + "`, expected off, permissive, standard or strict");
            }
        }
    }
}
