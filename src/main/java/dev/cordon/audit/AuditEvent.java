package dev.cordon.audit;

import dev.cordon.decision.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One audit log line: a decision, and what happened when the command ran. Written as one JSON
 * object per line (see {@link AuditJson}); every text is redacted before it is written.
 *
 * @param time when it was decided (UTC)
 * @param session the cordon session it belongs to
 * @param tool the tool name
 * @param command the command line of a shell tool, or null
 * @param path the path of a file tool, or null
 * @param decision the policy's decision
 * @param rule the deciding rule id, or null
 * @param layer where it was decided: {@code policy}, {@code approval} or {@code os}, or null
 * @param executor the executor that ran it (or would have), or null
 * @param exitCode the command's exit code, or null when it did not run
 * @param violations what the sandbox refused while it ran
 * @param answer the approver's answer ({@code APPROVED}, {@code DENIED}, {@code APPROVED_ALWAYS},
 *     {@code REMEMBERED}), or null when no one was asked
 * @param profile the active profile's name, or null
 * @param mode the enforcement mode, or null
 * @param enforced false when the decision was only reported, not enforced (mode permissive or off)
 * @param cwd the request's working directory, or null
 */
public record AuditEvent(
        Instant time,
        String session,
        String tool,
        String command,
        String path,
        Decision decision,
        String rule,
        String layer,
        String executor,
        Integer exitCode,
        List<AuditViolation> violations,
        String answer,
        String profile,
        String mode,
        boolean enforced,
        String cwd) {

    public AuditEvent {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(decision, "decision");
        violations = violations == null ? List.of() : List.copyOf(violations);
    }

    /** A builder for an event of {@code tool} decided {@code decision} now. */
    public static Builder builder(String tool, Decision decision) {
        return new Builder(tool, decision);
    }

    /** Refused by policy (even when not enforced) or with sandbox violations. */
    public boolean isViolation() {
        return decision == Decision.DENY || !violations.isEmpty();
    }

    /** The same event with {@code edit} applied to every text in it. */
    public AuditEvent mapText(UnaryOperator<String> edit) {
        UnaryOperator<String> safe = text -> text == null ? null : edit.apply(text);
        return new AuditEvent(time, safe.apply(session), safe.apply(tool), safe.apply(command), safe.apply(path),
                decision, safe.apply(rule), safe.apply(layer), safe.apply(executor), exitCode,
                violations.stream().map(v -> v.mapText(safe)).toList(),
                safe.apply(answer), safe.apply(profile), safe.apply(mode), enforced, safe.apply(cwd));
    }

    /** Builds an {@link AuditEvent}; {@code enforced} defaults to true, {@code time} to now. */
    public static final class Builder {
        private Instant time = Instant.now();
        private String session;
        private final String tool;
        private String command;
        private String path;
        private final Decision decision;
        private String rule;
        private String layer;
        private String executor;
        private Integer exitCode;
        private List<AuditViolation> violations = List.of();
        private String answer;
        private String profile;
        private String mode;
        private boolean enforced = true;
        private String cwd;

        private Builder(String tool, Decision decision) {
            this.tool = tool;
            this.decision = decision;
        }

        public Builder time(Instant value) {
            time = value;
            return this;
        }

        public Builder session(String value) {
            session = value;
            return this;
        }

        public Builder command(String value) {
            command = value;
            return this;
        }

        public Builder path(String value) {
            path = value;
            return this;
        }

        public Builder rule(String value) {
            rule = value;
            return this;
        }

        public Builder layer(String value) {
            layer = value;
            return this;
        }

        public Builder executor(String value) {
            executor = value;
            return this;
        }

        public Builder exitCode(Integer value) {
            exitCode = value;
            return this;
        }

        public Builder violations(List<AuditViolation> value) {
            violations = value;
            return this;
        }

        public Builder answer(String value) {
            answer = value;
            return this;
        }

        public Builder profile(String value) {
            profile = value;
            return this;
        }

        public Builder mode(String value) {
            mode = value;
            return this;
        }

        /** Whether the decision was enforced; see {@link Enforcement}. */
        public Builder enforcement(Enforcement value) {
            enforced = value == Enforcement.ENFORCED;
            return this;
        }

        public Builder cwd(String value) {
            cwd = value;
            return this;
        }

        public AuditEvent build() {
            return new AuditEvent(time, session, tool, command, path, decision, rule, layer, executor, exitCode,
                    violations, answer, profile, mode, enforced, cwd);
        }
    }

    /** Whether a decision was acted on or only reported. */
    public enum Enforcement {
        ENFORCED,
        /** Mode permissive or off: computed and logged, the command ran anyway. */
        REPORTED_ONLY
    }
}
