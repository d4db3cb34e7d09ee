package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.ProfileSettings;
import dev.cordon.profile.Resolution;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon profile current}: the profile in force, the project and whether it is trusted,
 * and for every setting its value and where it was set; then the project settings that were
 * ignored.
 */
@Command(name = "current", description = "Show the profile in force and where each setting comes from.",
        mixinStandardHelpOptions = true)
public final class ProfileCurrentCommand implements Callable<Integer> {

    @ParentCommand
    ProfileCommand parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Resolution resolution = new ProfileResolver().resolve(parent.sources());
        Profile profile = resolution.profile();
        PrintWriter out = spec.commandLine().getOut();
        out.println("profile: " + profile.name() + " " + ProfileSettings.describe(profile.origins().get("profile")));
        if (resolution.projectRoot() == null) {
            out.println("project: none");
        } else {
            out.println("project: " + resolution.projectRoot() + (resolution.projectTrusted() ? " (trusted)" : " (not trusted)"));
        }
        out.println("workspace: " + resolution.workspace());
        out.println("settings:");
        List<ProfileSettings.Line> lines = ProfileSettings.lines(profile);
        int width = lines.stream().mapToInt(l -> l.key().length()).max().orElse(0);
        for (ProfileSettings.Line line : lines) {
            out.println("  " + line.key() + ":" + " ".repeat(width - line.key().length() + 1) + line.value() + " "
                    + ProfileSettings.describe(line.origin()));
        }
        if (!resolution.warnings().isEmpty()) {
            out.println("ignored from the project:");
            for (String warning : resolution.warnings()) {
                out.println("  " + warning);
            }
        }
        return ExitCode.OK;
    }
}
