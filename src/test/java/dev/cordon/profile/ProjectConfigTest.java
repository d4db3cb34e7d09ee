package dev.cordon.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code profile use} records the choice where the next resolution finds it. */
class ProjectConfigTest {

    @TempDir
    Path temp;

    private Fixture fixture;

    @BeforeEach
    void setUp() {
        fixture = Fixture.withBuiltins(temp);
        fixture.trustProject("");
    }

    @Test
    void createsTheConfigInTheCwdWhenNoProjectIsAbove() {
        Path config = ProjectConfig.use(fixture.sources(), "ci");
        assertEquals(fixture.project.resolve(".cordon/config.yaml"), config);
        assertEquals("profile: ci\n", Fixture.read(config));
        assertEquals("ci", fixture.resolve().profile().name());
    }

    @Test
    void updatesTheNearestConfigAboveKeepingCommentsAndOtherKeys() throws Exception {
        fixture.projectConfig("# team policy\nprofile: development   # chosen in review\nnetwork:\n  enabled: false\n");
        Path deep = Files.createDirectories(fixture.project.resolve("a/b"));
        Path config = ProjectConfig.use(fixture.sources(deep, Overrides.NONE), "minimal");
        assertEquals(fixture.project.resolve(".cordon/config.yaml"), config);
        assertEquals("# team policy\nprofile: minimal # chosen in review\nnetwork:\n  enabled: false\n", Fixture.read(config));
        Resolution later = new ProfileResolver().resolve(fixture.sources(deep, Overrides.NONE));
        assertEquals("minimal", later.profile().name());
        assertFalse(Files.exists(deep.resolve(".cordon")));
    }

    @Test
    void addsTheKeyAfterTheLeadingCommentsWhenMissing() {
        fixture.projectConfig("# header\n\nmode: strict\n");
        ProjectConfig.use(fixture.sources(), "ci");
        assertEquals("# header\n\nprofile: ci\nmode: strict\n", Fixture.read(fixture.project.resolve(".cordon/config.yaml")));
    }

    @Test
    void anUnknownProfileIsAUsageErrorAndWritesNothing() {
        UserError error = assertThrows(UserError.class, () -> ProjectConfig.use(fixture.sources(), "prod"));
        assertEquals(ExitCode.USAGE, error.exitCode());
        assertEquals("unknown profile `prod`", error.getMessage());
        assertFalse(Files.exists(fixture.project.resolve(".cordon")));
    }

    @Test
    void aBrokenConfigIsNotTouched() {
        Path config = fixture.projectConfig("profile: ci\nmode: strikt\n");
        assertThrows(dev.cordon.diagnostic.PolicyException.class, () -> ProjectConfig.use(fixture.sources(), "minimal"));
        assertEquals("profile: ci\nmode: strikt\n", Fixture.read(config));
    }

    @Test
    void rewritesQuotedValues() {
        assertEquals("profile: ci\n", ProjectConfig.withProfile("profile: \"development\"\n", "ci"));
        assertEquals("a: 1\nprofile: ci\n", ProjectConfig.withProfile("a: 1\nprofile: 'x'\n", "ci"));
        assertEquals("profile: ci\n", ProjectConfig.withProfile("", "ci"));
    }
}
