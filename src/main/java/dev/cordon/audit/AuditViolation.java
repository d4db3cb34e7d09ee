package dev.cordon.audit;

import java.util.Objects;

/**
 * One thing the sandbox refused while a command ran, as the executor reported it.
 *
 * @param kind what was refused, e.g. {@code write-denied}, {@code network-denied}, {@code timeout}
 * @param detail the evidence, e.g. the path or address, or null
 */
public record AuditViolation(String kind, String detail) {

    public AuditViolation {
        Objects.requireNonNull(kind, "kind");
    }
}
