package dev.cordon.audit;

/**
 * An event read back from the log, with the line it was read from.
 *
 * @param event the parsed event
 * @param json the line as it is in the file (already redacted when written)
 */
public record AuditEntry(AuditEvent event, String json) {
}
