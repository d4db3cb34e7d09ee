package dev.cordon.audit;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One thing the sandbox refused while a command ran, as the executor or the egress proxy reported it.
 *
 * @param kind what was refused, e.g. {@code write-denied}, {@code NETWORK}, {@code timeout}
 * @param detail the evidence, e.g. the path or address, or null
 * @param host for a connection the egress proxy refused, the host the command asked for; else null
 * @param port that connection's port; else null
 * @param rule the rule or profile entry that refused it; else null
 * @param location where that rule is written, {@code file:line}; else null
 */
public record AuditViolation(String kind, String detail, String host, Integer port, String rule, String location) {

    public AuditViolation {
        Objects.requireNonNull(kind, "kind");
    }

    /** A violation the sandbox reported, with its evidence. */
    public AuditViolation(String kind, String detail) {
        this(kind, detail, null, null, null, null);
    }

    /** The same violation with {@code edit} applied to every text in it. */
    AuditViolation mapText(UnaryOperator<String> edit) {
        return new AuditViolation(edit.apply(kind), edit.apply(detail), edit.apply(host), port, edit.apply(rule),
                edit.apply(location));
    }
}
