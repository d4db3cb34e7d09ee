package dev.cordon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.dispatch.PolicyRules;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up compiles exactly the rule folders the command will ask for, or nothing. */
class StartupWarmupTest {

    @TempDir
    Path temp;

    @Test
    void theGuessMatchesTheResolutionWithUserRulesAndNoProjectRules() throws Exception {
        Context context = context(Files.createDirectories(temp.resolve("project")));
        Files.createDirectories(temp.resolve("home/.config/cordon/rules"));

        assertEquals(PolicyRules.dirs(resolve(context)), StartupWarmup.likelyRuleDirs(context));
    }

    @Test
    void aProjectWithRulesOfItsOwnIsNotGuessed() throws Exception {
        Path project = Files.createDirectories(temp.resolve("project"));
        Files.createDirectories(project.resolve(".cordon/rules"));
        Files.writeString(project.resolve(".cordon/config.yaml"), "profile: ci\n");

        assertEquals(List.of(), StartupWarmup.likelyRuleDirs(context(project.resolve("."))));
    }

    private Context context(Path cwd) throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString());
        return new Context(Path.of(System.getProperty("cordon.root")), cwd, env, new ByteArrayOutputStream(),
                new ByteArrayOutputStream(), new ByteArrayInputStream(new byte[0]), false);
    }

    private static dev.cordon.profile.Resolution resolve(Context context) {
        return new ProfileResolver().resolve(PolicySources.of(context.home(), context.cwd(), context.env(),
                Overrides.NONE));
    }
}
