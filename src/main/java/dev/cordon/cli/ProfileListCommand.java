package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileListing;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.ProfileSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cordon profile list}: every selectable profile; {@code *} marks the one in force. */
@Command(name = "list", description = "List the selectable profiles; `*` marks the one in force.", mixinStandardHelpOptions = true)
public final class ProfileListCommand implements Callable<Integer> {

    @ParentCommand
    ProfileCommand parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PolicySources sources = parent.sources();
        ProfileResolver resolver = new ProfileResolver();
        List<ProfileListing> listings = resolver.list(sources);
        String current = resolver.resolve(sources).profile().name();
        int width = listings.stream().mapToInt(l -> l.name().length()).max().orElse(0);
        PrintWriter out = spec.commandLine().getOut();
        for (ProfileListing listing : listings) {
            String marker = listing.name().equals(current) ? "* " : "  ";
            String layer = listing.layer().word();
            out.println((marker + pad(listing.name(), width) + "  " + pad(layer, 8) + "  " + listing.description()).stripTrailing());
        }
        return ExitCode.OK;
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }
}
