package dev.cordon.audit;

import dev.cordon.approval.TerminalText;
import java.io.PrintWriter;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.stream.Collectors;

/**
 * The plain rendering of an event: one line with time, decision, rule, tool and the command or
 * path, then the sandbox violations if any. The texts were redacted when written; control
 * characters are shown as escapes so a logged command cannot drive the reader's terminal.
 */
public final class AuditText {

    private AuditText() {
    }

    public static String line(AuditEvent event) {
        StringBuilder out = new StringBuilder()
                .append(DateTimeFormatter.ISO_INSTANT.format(event.time().truncatedTo(ChronoUnit.SECONDS)))
                .append("  ").append(String.format("%-7s", event.decision().name()))
                .append("  ").append(orDash(event.rule()))
                .append("  ").append(TerminalText.line(event.tool()))
                .append("  ").append(orDash(event.command() != null ? event.command() : event.path()));
        if (!event.enforced()) {
            out.append("  (not enforced)");
        }
        if (event.answer() != null) {
            out.append("  [answer: ").append(TerminalText.line(event.answer())).append(']');
        }
        if (!event.violations().isEmpty()) {
            out.append("  violations: ").append(event.violations().stream()
                    .map(v -> TerminalText.line(v.kind()) + (v.detail() == null ? "" : " " + TerminalText.line(v.detail())))
                    .collect(Collectors.joining("; ")));
        }
        return out.toString();
    }

    /**
     * Prints what was read: one line per event on {@code out}, then one line per skipped line on
     * {@code err}.
     */
    public static void print(PrintWriter out, PrintWriter err, AuditRead read, Format format) {
        for (AuditEntry entry : read.entries()) {
            out.println(format == Format.JSON ? entry.json() : line(entry.event()));
        }
        out.flush();
        for (SkippedLine skipped : read.skipped()) {
            err.println("warning: " + TerminalText.line(skipped.render()));
        }
        err.flush();
    }

    /** How events are printed. */
    public enum Format {
        /** One readable line per event. */
        PLAIN,
        /** The JSON lines as they are in the log. */
        JSON
    }

    private static String orDash(String text) {
        return text == null ? "-" : TerminalText.line(text);
    }
}
