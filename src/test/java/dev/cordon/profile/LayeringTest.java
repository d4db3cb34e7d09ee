package dev.cordon.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.diagnostic.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Built-in, user, project, environment and flags, lowest first; deny lists only grow. */
class LayeringTest {

    @TempDir
    Path temp;

    private Fixture fixture;

    @BeforeEach
    void setUp() {
        fixture = Fixture.withBuiltins(temp);
    }

    /** How a built-in profile file is named: by its whole path. */
    private static String builtIn(String file) {
        return Fixture.cordonRoot().resolve("profiles").resolve(file).toAbsolutePath().normalize().toString();
    }

    private Resolution resolve(Overrides flags) {
        return new ProfileResolver().resolve(fixture.sources(fixture.project, flags));
    }

    @Test
    void withNothingSelectedTheDefaultProfileIsInForce() {
        Profile profile = fixture.resolve().profile();
        assertEquals("workspace-write", profile.name());
        assertEquals(Provenance.named(Provenance.Layer.BUILTIN, "default"), profile.origins().get("profile"));
        assertEquals(new Provenance(Provenance.Layer.BUILTIN, builtIn("workspace-write.yaml"), 25, 3),
                profile.origins().get("network.enabled"));
        assertEquals(new Provenance(Provenance.Layer.BUILTIN, builtIn("defaults.yaml"), 25, 1), profile.origins().get("denied_paths"));
    }

    @Test
    void eachLayerSelectsOverTheOneBelow() {
        Path config = fixture.userConfig("profile: ci\n");
        assertEquals("ci", fixture.resolve().profile().name());
        assertEquals(new Provenance(Provenance.Layer.USER, config.toString(), 1, 10), fixture.resolve().profile().origins().get("profile"));

        fixture.trustProject("profile: ci\n");
        fixture.projectConfig("# team choice\nprofile: minimal\n");
        assertEquals("minimal", fixture.resolve().profile().name());
        assertEquals(new Provenance(Provenance.Layer.PROJECT, ".cordon/config.yaml", 2, 10),
                fixture.resolve().profile().origins().get("profile"));

        fixture.env.put("CORDON_PROFILE", "development");
        assertEquals("development", fixture.resolve().profile().name());

        Profile flagged = resolve(new Overrides("untrusted", null, null, null, null)).profile();
        assertEquals("untrusted", flagged.name());
        assertEquals(Provenance.named(Provenance.Layer.FLAGS, "--profile"), flagged.origins().get("profile"));
    }

    @Test
    void userOverridesApplyOnTopOfTheSelectedProfile() {
        Path config = fixture.userConfig("profile: workspace-write\nnetwork:\n  enabled: true\nresources:\n  memory_mb: 4096\n");
        Profile profile = fixture.resolve().profile();
        assertTrue(profile.network().enabled());
        assertEquals(4096, profile.resources().memoryMb());
        assertEquals(new Provenance(Provenance.Layer.USER, config.toString(), 3, 3), profile.origins().get("network.enabled"));
    }

    @Test
    void environmentAndFlagsSetModeExecutorAndTimeout() {
        fixture.env.put("CORDON_MODE", "strict");
        fixture.env.put("CORDON_EXECUTOR", "bwrap");
        Profile env = fixture.resolve().profile();
        assertEquals(Profile.Mode.STRICT, env.mode());
        assertEquals("bwrap", env.executor());
        assertEquals(Provenance.named(Provenance.Layer.ENVIRONMENT, "CORDON_MODE"), env.origins().get("mode"));

        Profile flags = resolve(new Overrides(null, Profile.Mode.PERMISSIVE, "landlock", null, 42)).profile();
        assertEquals(Profile.Mode.PERMISSIVE, flags.mode());
        assertEquals("landlock", flags.executor());
        assertEquals(42, flags.resources().timeoutSeconds());
        assertEquals(Provenance.named(Provenance.Layer.FLAGS, "--sandbox"), flags.origins().get("mode"));
        assertEquals(Provenance.named(Provenance.Layer.FLAGS, "--timeout"), flags.origins().get("resources.timeout_seconds"));
    }

    @Test
    void badEnvironmentValuesAndUnknownFlagProfilesAreUsageErrors() {
        fixture.env.put("CORDON_MODE", "lenient");
        UserError mode = assertThrows(UserError.class, () -> fixture.resolve());
        assertEquals(ExitCode.USAGE, mode.exitCode());
        assertEquals("unknown mode `lenient` in CORDON_MODE, expected one of off, permissive, standard, strict", mode.getMessage());
        fixture.env.remove("CORDON_MODE");

        UserError profile = assertThrows(UserError.class, () -> resolve(new Overrides("prod", null, null, null, null)));
        assertEquals("unknown profile `prod`", profile.getMessage());
        assertEquals("known profiles: ci, danger-full-access, development, minimal, read-only, untrusted, workspace-write",
                profile.help());
    }

    @Test
    void denyListsGrowThroughEveryLayerAndNeverShrink() {
        fixture.trustProject("denied_paths: [\"~/private/**\"]\nnetwork:\n  deny: [evil.example:443]\n");
        fixture.projectConfig("denied_paths: []\ndenied_commands: [\"git push --force\"]\nnetwork:\n  deny: []\n");
        Profile profile = resolve(new Overrides("danger-full-access", Profile.Mode.OFF, null, null, null)).profile();
        assertTrue(profile.deniedPaths().contains("**/.ssh/**"));
        assertTrue(profile.deniedPaths().contains(fixture.home + "/private/**"));
        assertEquals(38, profile.deniedPaths().size());
        assertEquals(List.of("git push --force"), profile.deniedCommands());
        assertTrue(profile.network().deny().containsAll(List.of("169.254.169.254", "evil.example:443")));
    }

    @Test
    void theProjectIsFoundByWalkingUpAndIsTheWorkspace() throws Exception {
        fixture.projectConfig("mode: strict\n");
        Path deep = Files.createDirectories(fixture.project.resolve("src/main/java"));
        Resolution resolution = new ProfileResolver().resolve(fixture.sources(deep, Overrides.NONE));
        assertEquals(fixture.project, resolution.projectRoot());
        assertEquals(fixture.project, resolution.workspace());
        assertEquals(Profile.Mode.STRICT, resolution.profile().mode());
        assertEquals(List.of(fixture.project + "/**", fixture.tmp + "/**"), resolution.profile().allowedPaths());
    }

    @Test
    void theWorkspaceFlagMovesTheWorkspace() throws Exception {
        Path other = Files.createDirectories(fixture.root.resolve("other"));
        Resolution resolution = resolve(new Overrides(null, null, null, other, null));
        assertEquals(other, resolution.workspace());
        assertEquals(List.of(other + "/**", fixture.tmp + "/**"), resolution.profile().allowedPaths());
        UserError missing = assertThrows(UserError.class,
                () -> resolve(new Overrides(null, null, null, fixture.root.resolve("nope"), null)));
        assertEquals("workspace `" + fixture.root.resolve("nope") + "` is not a directory", missing.getMessage());
    }

    @Test
    void userProfilesAreSelectableAndMayExtendTheBuiltInTheyShadow() {
        fixture.write(fixture.user.resolve("profiles/development.yaml"),
                "# my development\ndescription: mine\nextends: development\nresources:\n  memory_mb: 12000\n");
        fixture.write(fixture.user.resolve("profiles/night.yaml"), "extends: development\nmode: strict\n");
        assertTrue(new ProfileResolver().names(fixture.sources()).containsAll(List.of("development", "night")));
        Profile night = new ProfileResolver().load("night", fixture.sources());
        assertEquals(Profile.Mode.STRICT, night.mode());
        assertEquals(12000, night.resources().memoryMb());
        assertTrue(night.network().enabled());
        assertEquals(Provenance.Layer.USER, night.origins().get("resources.memory_mb").layer());
    }

    @Test
    void reportsRuleFoldersAndPolicyFiles() throws Exception {
        Files.createDirectories(fixture.user.resolve("rules"));
        Path projectRules = Files.createDirectories(fixture.project.resolve(".cordon/rules"));
        Path rule = fixture.write(projectRules.resolve("team.drl"), "package team;\n");
        Path config = fixture.userConfig("profile: development\n");
        Resolution resolution = fixture.resolve();
        assertEquals(List.of(Fixture.cordonRoot().resolve("rules").toAbsolutePath().normalize(), fixture.user.resolve("rules"),
                projectRules), resolution.ruleDirs().stream().map(Resolution.RuleFolder::dir).toList());
        assertEquals(List.of(Provenance.Layer.BUILTIN, Provenance.Layer.USER, Provenance.Layer.PROJECT),
                resolution.ruleDirs().stream().map(Resolution.RuleFolder::layer).toList());
        List<Path> files = resolution.policyFiles();
        assertTrue(files.containsAll(List.of(config, rule, fixture.project.resolve(".cordon/config.yaml"),
                fixture.project.resolve(".cordon"), fixture.user,
                Fixture.cordonRoot().resolve("profiles/defaults.yaml").toAbsolutePath().normalize(),
                Fixture.cordonRoot().resolve("profiles/development.yaml").toAbsolutePath().normalize(),
                Fixture.cordonRoot().resolve("profiles/workspace-write.yaml").toAbsolutePath().normalize())), files.toString());
        assertFalse(files.contains(Fixture.cordonRoot().resolve("profiles/ci.yaml").toAbsolutePath().normalize()));
    }

    @Test
    void resolutionIsFast() {
        fixture.userConfig("profile: development\nnetwork:\n  enabled: false\n");
        fixture.projectConfig("mode: strict\n");
        ProfileResolver resolver = new ProfileResolver();
        for (int i = 0; i < 50; i++) {
            resolver.resolve(fixture.sources());
        }
        int runs = 200;
        long start = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            resolver.resolve(fixture.sources());
        }
        double millis = (System.nanoTime() - start) / 1e6 / runs;
        // The budget is 5 ms; the bound here leaves room for a loaded CI machine.
        assertTrue(millis < 25, "a warm resolution took " + millis + " ms");
    }
}
