package dev.cordon.dispatch;

import dev.cordon.audit.AuditEvent;
import dev.cordon.audit.AuditViolation;
import dev.cordon.audit.Auditor;
import dev.cordon.audit.Rotation;
import dev.cordon.decision.Decision;
import dev.cordon.egress.EgressViolation;
import dev.cordon.engine.Evaluation;
import dev.cordon.profile.Profile;
import dev.cordon.request.Tool;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Violation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes the audit event of one run: its decision, and what the command did or why it did not run. */
final class RunAudit {

    private final Profile profile;
    private final String session;
    private final String line;
    private final Path cwd;

    private RunAudit(Profile profile, String session, String line, Path cwd) {
        this.profile = profile;
        this.session = session;
        this.line = line;
        this.cwd = cwd;
    }

    static RunAudit open(Profile profile, String session, String line, Path cwd) {
        return new RunAudit(profile, session, line, cwd);
    }

    RunOutcome refused(RunOutcome outcome) {
        Decision recorded = outcome.evaluation().decision() == Decision.ALLOW ? Decision.DENY
                : outcome.evaluation().decision();
        return write(outcome, event(outcome, recorded).build());
    }

    RunOutcome ran(RunOutcome outcome) {
        ExecResult result = outcome.result();
        List<AuditViolation> violations = new ArrayList<>();
        result.violations().forEach(v -> violations.add(new AuditViolation(v.kind().name(), v.detail())));
        for (EgressViolation c : outcome.connections()) {
            violations.add(new AuditViolation(Violation.Kind.NETWORK.name(), c.describe()
                    + (c.url() == null ? "" : " [" + c.url() + "]"), c.host(), c.port(), c.decision().rule(),
                    c.decision().location()));
        }
        AuditEvent event = event(outcome, outcome.evaluation().decision())
                .executor(result.executor())
                .exitCode(result.exitCode())
                .violations(violations)
                .build();
        return write(outcome, event);
    }

    private AuditEvent.Builder event(RunOutcome outcome, Decision decision) {
        Evaluation evaluation = outcome.evaluation();
        return AuditEvent.builder(Tool.BASH.name(), decision)
                .session(session)
                .command(line)
                .rule(outcome.refusal() != null && evaluation.decision() == Decision.ALLOW ? "executor.unavailable"
                        : evaluation.rule())
                .layer(evaluation.layer().name().toLowerCase())
                .executor(outcome.selection().found() ? outcome.selection().executor().id() : null)
                .answer(outcome.approval())
                .profile(profile.name())
                .mode(profile.mode().name().toLowerCase())
                .enforcement(evaluation.enforced() ? AuditEvent.Enforcement.ENFORCED
                        : AuditEvent.Enforcement.REPORTED_ONLY)
                .cwd(cwd.toString());
    }

    /** An event that cannot be written is a warning: the command has already been decided. */
    private RunOutcome write(RunOutcome outcome, AuditEvent event) {
        Profile.Audit settings = profile.audit();
        if (!settings.enabled()) {
            return outcome;
        }
        try (Auditor auditor = Auditor.open(settings, Path.of(settings.file()), Rotation.DEFAULT)) {
            auditor.record(event);
            return outcome;
        } catch (IOException | RuntimeException e) {
            List<String> warnings = new ArrayList<>(outcome.warnings());
            warnings.add("the audit log `" + settings.file() + "` could not be written: " + e.getMessage());
            return new RunOutcome(outcome.evaluation(), outcome.selection(), outcome.result(), outcome.refusal(),
                    outcome.approval(), warnings, outcome.onViolation(), outcome.connections());
        }
    }
}
