package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.decision.Decision;
import dev.cordon.profile.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditFilterTest {

    private static final AuditEvent ALLOWED = AuditEvent.builder("bash", Decision.ALLOW).command("ls").build();
    private static final AuditEvent SANDBOXED = AuditEvent.builder("bash", Decision.SANDBOX).command("make").build();
    private static final AuditEvent DENIED = AuditEvent.builder("bash", Decision.DENY).command("rm -rf /").build();
    private static final AuditEvent ASKED = AuditEvent.builder("bash", Decision.ASK).command("npm i").answer("DENIED").build();
    private static final AuditEvent VIOLATED = AuditEvent.builder("bash", Decision.ALLOW).command("touch /etc/x")
            .violations(List.of(new AuditViolation("write-denied", "/etc/x"))).build();

    @TempDir
    Path dir;

    @Test
    void defaultsLogDenialsQuestionsAndViolationsButNotAllowedCommands() {
        Profile.Audit settings = new Profile.Audit(true, "audit.jsonl", false, true);
        assertEquals(List.of(false, false, true, true, true), keeps(settings));
    }

    @Test
    void logAllowedAddsAllowedAndSandboxedCommands() {
        Profile.Audit settings = new Profile.Audit(true, "audit.jsonl", true, true);
        assertEquals(List.of(true, true, true, true, true), keeps(settings));
    }

    @Test
    void violationsAreLoggedEvenWithoutLogDenied() {
        Profile.Audit settings = new Profile.Audit(true, "audit.jsonl", false, false);
        assertEquals(List.of(false, false, false, true, true), keeps(settings));
    }

    @Test
    void disabledLogsNothing() {
        Profile.Audit settings = new Profile.Audit(false, "audit.jsonl", true, true);
        assertEquals(List.of(false, false, false, false, false), keeps(settings));
    }

    @Test
    void theAuditorWritesWhatTheSettingsKeepAndOpensNothingWhenDisabled() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (Auditor auditor = Auditor.open(new Profile.Audit(true, file.toString(), false, true), file, Rotation.DEFAULT)) {
            assertEquals(false, auditor.record(ALLOWED));
            assertEquals(true, auditor.record(DENIED));
        }
        assertEquals(List.of("rm -rf /"), new AuditReader(file).tail(10).entries().stream()
                .map(e -> e.event().command()).toList());

        Path off = dir.resolve("off/audit.jsonl");
        try (Auditor auditor = Auditor.open(new Profile.Audit(false, off.toString(), true, true), off, Rotation.DEFAULT)) {
            assertEquals(false, auditor.record(DENIED));
        }
        assertEquals(false, Files.exists(off.getParent()));
    }

    private static List<Boolean> keeps(Profile.Audit settings) {
        return List.of(ALLOWED, SANDBOXED, DENIED, ASKED, VIOLATED).stream()
                .map(event -> AuditFilter.keeps(settings, event)).toList();
    }
}
