package dev.cordon.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.spi.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each setting moves only towards stricter under an untrusted project. */
class TighteningTest {

    private static final Provenance BELOW = new Provenance(Provenance.Layer.USER, "config.yaml", 1, 1);
    private static final Provenance PROJECT = new Provenance(Provenance.Layer.PROJECT, ".cordon/config.yaml", 7, 1);

    /** Executors as plugins declare them; only what they declare tells their strength. */
    private static final ExecutorCapabilities INSTALLED = () -> Map.of(
            "local", Set.of(),
            "wsl", Set.of(Capability.NETWORK_ISOLATION, Capability.RESOURCE_LIMITS, Capability.PROCESS_TREE),
            "bwrap", Set.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION, Capability.NETWORK_ISOLATION,
                    Capability.RESOURCE_LIMITS, Capability.PROCESS_TREE),
            "landlock", Set.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION, Capability.NETWORK_ISOLATION,
                    Capability.RESOURCE_LIMITS, Capability.PROCESS_TREE),
            "sandbox-lite", Set.of(Capability.WRITE_ISOLATION));

    private final List<String> warnings = new ArrayList<>();

    /** The value in force after the project asks for {@code wanted} over {@code now}. */
    private Object after(Key key, Object now, Object wanted) {
        Settings current = new Settings();
        current.put(key, now, BELOW);
        current.put(Key.NETWORK_ENABLED, Boolean.TRUE, BELOW);
        Settings project = new Settings();
        project.put(key, wanted, PROJECT);
        return new Tightening(warnings, INSTALLED).apply(current, project).value(key);
    }

    @Test
    void modeOnlyRises() {
        assertEquals(Profile.Mode.STRICT, after(Key.MODE, Profile.Mode.STANDARD, Profile.Mode.STRICT));
        assertEquals(Profile.Mode.STANDARD, after(Key.MODE, Profile.Mode.STANDARD, Profile.Mode.PERMISSIVE));
        assertEquals(List.of(".cordon/config.yaml:7:1: ignored mode = permissive from an untrusted project (in force: standard)"),
                warnings);
    }

    @Test
    void executorsNeverGetWeaker() {
        assertEquals("landlock", after(Key.EXECUTOR, "auto", "landlock"));
        assertEquals("auto", after(Key.EXECUTOR, "bwrap", "auto"));
        assertEquals("auto", after(Key.EXECUTOR, "auto", "local"));
        assertEquals("bwrap", after(Key.EXECUTOR, "bwrap", "wsl"));
        assertEquals("none", after(Key.FALLBACK, "local", "none"));
        assertEquals("none", after(Key.FALLBACK, "none", "local"));
        assertEquals(3, warnings.size());
    }

    @Test
    void executorStrengthComesFromDeclaredCapabilitiesNotNames() {
        // A plugin with an unremarkable name that isolates less than the one in force is weaker.
        assertEquals("landlock", after(Key.EXECUTOR, "landlock", "sandbox-lite"));
        assertEquals("landlock", after(Key.FALLBACK, "sandbox-lite", "landlock"));
        // An executor that is not installed is taken for neither.
        assertEquals("auto", after(Key.EXECUTOR, "auto", "mystery"));
        assertEquals(2, warnings.size());
        assertEquals(List.of(false, false), List.of(ExecutorCapabilities.NONE.notWeaker("landlock", "auto"),
                ExecutorCapabilities.NONE.notWeaker("local", "auto")));
    }

    @Test
    void switchesOnlyTurnOnAndTheNetworkOnlyOff() {
        assertEquals(true, after(Key.READ_ONLY, false, true));
        assertEquals(true, after(Key.APPROVAL_EXECUTE, true, false));
        assertEquals(false, after(Key.NETWORK_ENABLED, true, false));
        assertEquals(Profile.Escalation.DENY, after(Key.ESCALATION, Profile.Escalation.ASK, Profile.Escalation.DENY));
        assertEquals(Profile.Escalation.DENY, after(Key.ESCALATION, Profile.Escalation.DENY, Profile.Escalation.ASK));
        assertEquals(Profile.OnViolation.BLOCK, after(Key.ON_VIOLATION, Profile.OnViolation.WARN, Profile.OnViolation.BLOCK));
        assertEquals(Profile.OnViolation.WARN, after(Key.ON_VIOLATION, Profile.OnViolation.WARN, Profile.OnViolation.LOG));
    }

    @Test
    void hookAnswersOnlyGetStricter() {
        assertEquals(Profile.AllowAnswer.SILENT, after(Key.HOOKS_ALLOW, Profile.AllowAnswer.ALLOW, Profile.AllowAnswer.SILENT));
        assertEquals(Profile.AllowAnswer.SILENT, after(Key.HOOKS_ALLOW, Profile.AllowAnswer.SILENT, Profile.AllowAnswer.ALLOW));
        assertEquals(Profile.SandboxAnswer.DENY, after(Key.HOOKS_SANDBOX, Profile.SandboxAnswer.ASK, Profile.SandboxAnswer.DENY));
        assertEquals(Profile.SandboxAnswer.DENY, after(Key.HOOKS_SANDBOX, Profile.SandboxAnswer.DENY, Profile.SandboxAnswer.ASK));
        assertEquals(Profile.ToolAnswer.DENY, after(Key.HOOKS_OTHER_TOOLS, Profile.ToolAnswer.ASK, Profile.ToolAnswer.DENY));
        assertEquals(Profile.ToolAnswer.ASK, after(Key.HOOKS_OTHER_TOOLS, Profile.ToolAnswer.ASK, Profile.ToolAnswer.ALLOW));
        assertEquals(3, warnings.size());
    }

    @Test
    void limitsOnlyGoDownAndNeverToUnlimited() {
        assertEquals(512, after(Key.MEMORY_MB, 2048, 512));
        assertEquals(2048, after(Key.MEMORY_MB, 2048, 4096));
        assertEquals(2048, after(Key.MEMORY_MB, 2048, 0));
        assertEquals(100, after(Key.TIMEOUT_SECONDS, 0, 100));
    }

    @Test
    void allowListsOnlyNarrow() {
        assertEquals(List.of("pypi.org:443"), after(Key.NETWORK_ALLOW, List.of("*:443"), List.of("pypi.org:443", "evil:22")));
        assertEquals(List.of("a.example.com:443"), after(Key.NETWORK_ALLOW, List.of("*.example.com:*"), List.of("a.example.com:443")));
        assertEquals(List.of("x:443"), after(Key.NETWORK_ALLOW, List.of(), List.of("x:443")));
        assertEquals(List.of("x:443"), after(Key.NETWORK_ALLOW, List.of("x:443"), List.of()));
        assertEquals(List.of("/w/**"), after(Key.ALLOWED_PATHS, List.of("/w/**"), List.of("/etc/**")));
        assertEquals(List.of("/w/src/**"), after(Key.ALLOWED_PATHS, List.of("/w/**"), List.of("/w/src/**", "/**")));
    }

    @Test
    void rootsAndNamesOnlyShrink() {
        assertEquals(List.of("/w/build"), after(Key.FILESYSTEM_WRITE, List.of("/w", "/scratch"), List.of("/w/build", "/home")));
        assertEquals(List.of(), after(Key.FILESYSTEM_WRITE, List.of("/w"), List.of()));
        assertEquals(List.of("/w"), after(Key.FILESYSTEM_WRITE, List.of("/w"), List.of("/")));
        assertEquals(List.of("/wx"), after(Key.FILESYSTEM_READ, List.of("/"), List.of("/wx")));
        assertEquals(List.of("/w"), after(Key.FILESYSTEM_READ, List.of("/w"), List.of("/wx")));
        assertEquals(List.of("LC_ALL", "PATH"), after(Key.ENVIRONMENT_PASS, List.of("PATH", "LC_*"), List.of("LC_ALL", "PATH", "AWS_SECRET")));
    }

    @Test
    void denyListsGrowAndRulesKeepOnlyDenials() {
        assertEquals(List.of("/a", "/b"), after(Key.DENIED_PATHS, List.of("/a"), List.of("/b")));
        Profile.CommandRule userAllow = new Profile.CommandRule("ok", null, List.of(), List.of("npm", "test"), null, null, null,
                Decision.ALLOW, "tests", BELOW);
        Profile.CommandRule projectDeny = new Profile.CommandRule("no-curl", "curl", List.of(), List.of(), null, null, null,
                Decision.DENY, "no downloads", PROJECT);
        Profile.CommandRule projectSandbox = new Profile.CommandRule("sb", null, List.of(), List.of("rm"), null, null, null,
                Decision.SANDBOX, "x", PROJECT);
        Profile.CommandRule sameId = new Profile.CommandRule("ok", "rm", List.of(), List.of(), null, null, null, Decision.DENY, "x", PROJECT);
        assertEquals(List.of(projectDeny, userAllow),
                after(Key.COMMAND_RULES, List.of(userAllow), List.of(projectSandbox, projectDeny, sameId)));
        assertEquals(2, warnings.size());
    }

    @Test
    void environmentValuesAndTheAuditFileCannotBeSet() {
        assertEquals(java.util.Map.of(), after(Key.ENVIRONMENT_SET, java.util.Map.of(), java.util.Map.of("PATH", "/evil")));
        assertEquals("/h/audit.jsonl", after(Key.AUDIT_FILE, "/h/audit.jsonl", "/h/.bashrc"));
        assertEquals(2, warnings.size());
    }
}
