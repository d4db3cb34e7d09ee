package dev.cordon.audit;

import java.util.List;

/**
 * What a read of the audit log found.
 *
 * @param entries the events, oldest first
 * @param skipped the lines that could not be read
 */
public record AuditRead(List<AuditEntry> entries, List<SkippedLine> skipped) {

    public AuditRead {
        entries = List.copyOf(entries);
        skipped = List.copyOf(skipped);
    }
}
