package dev.cordon.executor;

import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import java.nio.file.Path;
import java.util.Map;

/** The project's built-in profiles, resolved as a user with an empty configuration gets them. */
final class RealProfiles {

    private RealProfiles() {
    }

    static Profile load(String name) {
        Path root = Path.of(System.getProperty("cordon.root"));
        Path home = Path.of(System.getProperty("java.io.tmpdir"), "cordon-test-home-" + ProcessHandle.current().pid());
        Map<String, String> env = Map.of("HOME", home.toString(), "CORDON_CONFIG_DIR", home.resolve("config").toString());
        PolicySources sources = PolicySources.of(root, home, env, Overrides.NONE);
        return new ProfileResolver().load(name, sources);
    }
}
