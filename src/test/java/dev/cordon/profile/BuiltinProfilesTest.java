package dev.cordon.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import dev.cordon.path.DeniedLocations;
import dev.cordon.path.Glob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every built-in profile loads and means what the table in the spec says. */
class BuiltinProfilesTest {

    @TempDir
    Path temp;

    private Fixture fixture;
    private String ws;
    private String tmp;

    @BeforeEach
    void setUp() {
        fixture = Fixture.withBuiltins(temp);
        ws = fixture.project.toString();
        tmp = fixture.tmp.toString();
    }

    private Profile load(String name) {
        return new ProfileResolver().load(name, fixture.sources());
    }

    @Test
    void theSelectableNamesAreTheSevenBuiltIns() {
        assertEquals(List.of("ci", "danger-full-access", "development", "minimal", "read-only", "untrusted", "workspace-write"),
                new ProfileResolver().names(fixture.sources()));
    }

    @Test
    void everyProfileFileSaysWhatItIsForInItsFirstLine() throws Exception {
        try (var files = Files.list(Fixture.cordonRoot().resolve("profiles"))) {
            for (Path file : files.toList()) {
                assertTrue(Files.readString(file).startsWith("# "), file + " must start with a comment");
            }
        }
    }

    @Test
    void theDefaultsHoldTheBuiltInDeniedPathsExactly() {
        Profile profile = load("workspace-write");
        // SPEC §2's list, then the other places secrets live, which the sandbox hides by the same list.
        assertTrue(profile.deniedPaths().containsAll(List.of("/etc/shadow", "/etc/passwd", "/etc/sudoers",
                "/etc/sudoers.d/**", "**/.env", "**/.env.*", "**/credentials", "**/credentials.*", "**/secrets",
                "**/secrets.*", "**/*.pem", "**/*.key", "**/*.p12", "**/*.pfx", "**/.ssh/**", "**/id_rsa", "**/id_dsa",
                "**/id_ecdsa", "**/id_ed25519", "**/.aws/**", "**/.azure/**", "**/.config/gcloud/**", "**/.netrc",
                "**/.npmrc", "**/.pypirc")), profile.deniedPaths().toString());
        assertTrue(profile.deniedPaths().containsAll(List.of("**/.git-credentials", "**/.kube/**",
                "**/.docker/config.json", "**/.gnupg/**", "**/.config/gh/**")), profile.deniedPaths().toString());
        assertEquals(List.of("169.254.169.254", "fd00:ec2::254", "metadata.google.internal", "100.100.100.200"),
                profile.network().deny());
        assertEquals(List.of("PATH", "HOME", "TERM", "LANG", "LC_*", "USER", "SHELL", "TMPDIR", "TZ"),
                profile.environment().pass());
        assertEquals(new Profile.Audit(true, fixture.home + "/.local/state/cordon/audit.jsonl", false, true), profile.audit());
        assertEquals(Profile.Escalation.ASK, profile.escalation());
        assertTrue(DeniedLocations.of(profile.deniedPaths(), fixture.home.toString()).containsAll(
                List.of(fixture.home + "/.ssh", fixture.home + "/.kube", fixture.home + "/.git-credentials", "/etc/shadow")));
    }

    @Test
    void everyProfileKeepsEveryBuiltInDenial() {
        Profile defaults = load("workspace-write");
        for (String name : new ProfileResolver().names(fixture.sources())) {
            Profile profile = load(name);
            assertTrue(profile.deniedPaths().containsAll(defaults.deniedPaths()), name);
            assertTrue(profile.network().deny().containsAll(defaults.network().deny()), name);
            assertTrue(profile.filesystem().deny().containsAll(defaults.filesystem().deny()), name);
        }
    }

    @Test
    void minimalIsTheWorkspaceOnlyReadOnlyWithoutNetworkAndTightLimits() {
        Profile profile = load("minimal");
        assertEquals(Profile.Mode.STRICT, profile.mode());
        assertTrue(profile.readOnly());
        assertEquals(List.of(ws + "/**"), profile.allowedPaths());
        assertEquals(List.of(), profile.filesystem().write());
        assertFalse(profile.network().enabled());
        assertTighterThanDefaults(profile);
        assertEquals(Profile.Escalation.DENY, profile.escalation());
    }

    @Test
    void developmentIsWorkspaceReadWriteSystemReadFullNetwork() {
        Profile profile = load("development");
        assertEquals(Profile.Mode.STANDARD, profile.mode());
        assertFalse(profile.readOnly());
        assertTrue(profile.network().enabled());
        assertEquals(List.of(), profile.network().allow());
        assertTrue(profile.filesystem().write().containsAll(List.of(ws, tmp)));
        assertTrue(profile.filesystem().read().containsAll(List.of("/usr", "/etc", ws)));
        assertEquals(List.of(ws + "/**", tmp + "/**"), profile.allowedPaths());
        assertEquals("local", profile.fallback());
    }

    @Test
    void ciIsWorkspaceReadWriteWithARegistryAllowListAndNoPrompts() {
        Profile profile = load("ci");
        assertTrue(profile.network().enabled());
        assertFalse(profile.network().allow().isEmpty());
        assertTrue(profile.network().allow().stream().allMatch(e -> e.endsWith(":443")), profile.network().allow().toString());
        assertTrue(profile.network().allow().contains("repo.maven.apache.org:443"));
        assertEquals(List.of(ws, tmp), profile.filesystem().write());
        assertEquals(new Profile.Approval(false, false), profile.approval());
        assertEquals(Profile.Escalation.DENY, profile.escalation());
        assertEquals("none", profile.fallback());
    }

    @Test
    void untrustedReadsTheWorkspaceWritesOnlyTempAndHasNoNetwork() {
        Profile profile = load("untrusted");
        assertEquals(Profile.Mode.STRICT, profile.mode());
        assertEquals(List.of(tmp), profile.filesystem().write());
        assertTrue(profile.filesystem().read().contains(ws));
        assertFalse(profile.network().enabled());
        assertTighterThanDefaults(profile);
        Profile.PathRule rule = profile.pathRules().get(0);
        assertEquals(Decision.DENY, rule.action());
        assertTrue(Glob.compile(rule.pattern()).matches(ws + "/src/Main.java"));
        assertFalse(Glob.compile(rule.pattern()).matches(tmp + "/scratch.txt"));
        assertEquals(List.of("write_file", "edit_file"), rule.tools());
        assertTrue(profile.approval().execute());
    }

    @Test
    void readOnlyWritesNothingAnywhere() {
        Profile profile = load("read-only");
        assertEquals(List.of(), profile.filesystem().write());
        assertFalse(profile.network().enabled());
        Profile.PathRule rule = profile.pathRules().get(0);
        assertEquals(Decision.DENY, rule.action());
        assertTrue(Glob.compile(rule.pattern()).matches(ws + "/a.txt"));
        assertTrue(Glob.compile(rule.pattern()).matches("/etc/hosts"));
        assertTrue(Glob.compile(rule.pattern()).matches("c:/x"));
    }

    @Test
    void workspaceWriteIsTheDefaultAndHasNoNetwork() {
        Resolution resolution = fixture.resolve();
        Profile profile = resolution.profile();
        assertEquals("workspace-write", profile.name());
        assertEquals(List.of(ws, tmp), profile.filesystem().write());
        assertFalse(profile.network().enabled());
        assertEquals(List.of(ws + "/**", tmp + "/**"), profile.allowedPaths());
    }

    @Test
    void dangerFullAccessRunsUnconfinedButKeepsThePolicyInStandardMode() {
        Profile profile = load("danger-full-access");
        assertEquals("local", profile.executor());
        assertEquals(Profile.Mode.STANDARD, profile.mode());
        assertTrue(profile.network().enabled());
        assertEquals(List.of("/"), profile.filesystem().write());
        assertEquals(List.of(), profile.allowedPaths());
        assertEquals(0, profile.resources().memoryMb());
        assertTrue(profile.resources().timeoutSeconds() > 0);
    }

    private void assertTighterThanDefaults(Profile profile) {
        Profile.Resources defaults = load("workspace-write").resources();
        Profile.Resources r = profile.resources();
        assertTrue(r.maxProcesses() > 0 && r.maxProcesses() < defaults.maxProcesses());
        assertTrue(r.memoryMb() > 0 && r.memoryMb() < defaults.memoryMb());
        assertTrue(r.cpuSeconds() > 0 && r.cpuSeconds() < defaults.cpuSeconds());
        assertTrue(r.timeoutSeconds() > 0 && r.timeoutSeconds() < defaults.timeoutSeconds());
    }
}
