package dev.cordon.engine;

import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import java.nio.file.Path;
import java.util.Map;

/**
 * The checkout's built-in profiles, resolved as the loader resolves them for a user whose home
 * is {@code /home/dev} working in {@code /home/dev/project} (fictional: no user or project
 * configuration exists there).
 */
final class RealProfiles {

    static final Map<String, String> ENV = Map.of("HOME", Decider.HOME, "TMPDIR", "/tmp");

    private RealProfiles() {
    }

    static Resolution resolve(String name) {
        Path root = Path.of(System.getProperty("cordon.root", "."));
        PolicySources sources = new PolicySources(root, Path.of(Decider.HOME, ".config", "cordon"),
                Path.of(Decider.WORKSPACE), ENV, Overrides.NONE.withProfile(name));
        return new ProfileResolver().resolve(sources);
    }

    static Decider decider(String name) {
        return new Decider(resolve(name).profile());
    }
}
