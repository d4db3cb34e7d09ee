package dev.cordon.hook;

import dev.cordon.audit.AuditEvent;
import dev.cordon.audit.Auditor;
import dev.cordon.audit.Rotation;
import dev.cordon.profile.Profile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The audit log line of a hook call, as the profile's audit settings keep it: by default the
 * refusals (DENY, and ASK, which waits for a human), not what was allowed.
 */
final class HookAudit {

    private HookAudit() {
    }

    /**
     * @param agent the agent's name; with its session id it makes the session ({@code codex:019a…})
     * @throws IOException when a kept line cannot be written
     */
    static void record(Profile profile, String agent, ToolCall call, Verdict verdict) throws IOException {
        Profile.Audit settings = profile.audit();
        if (!settings.enabled()) {
            return;
        }
        ToolCall.Check first = call.checks().isEmpty() ? null : call.checks().get(0);
        String path = first == null ? null : first.connection() != null ? first.connection().hostPort() : first.path();
        AuditEvent event = AuditEvent.builder(call.tool(), verdict.decision())
                .session(call.session() == null ? agent : agent + ":" + call.session())
                .command(call.command())
                .path(call.command() == null ? path : null)
                .rule(verdict.rule())
                .layer("policy")
                .profile(profile.name())
                .mode(profile.mode().name().toLowerCase(Locale.ROOT))
                .enforcement(verdict.decided() == verdict.decision() ? AuditEvent.Enforcement.ENFORCED
                        : AuditEvent.Enforcement.REPORTED_ONLY)
                .cwd(call.cwd().toString())
                .build();
        try (Auditor auditor = Auditor.open(settings, Path.of(settings.file()), Rotation.DEFAULT)) {
            auditor.record(event);
        }
    }
}
