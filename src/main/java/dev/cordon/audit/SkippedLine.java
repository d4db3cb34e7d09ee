package dev.cordon.audit;

/**
 * A line of the log that is not a complete event, typically the last line of a writer that was
 * killed mid-write.
 *
 * @param file the log file
 * @param line its 1-based line number
 * @param reason why it could not be read
 */
public record SkippedLine(String file, long line, String reason) {

    /** {@code file:line: skipped an unreadable audit line (reason)}. */
    public String render() {
        return file + ":" + line + ": skipped an unreadable audit line (" + reason + ")";
    }
}
