package dev.cordon.executor.support;

import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Usage;
import dev.cordon.spi.Violation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link ProcessRunner} observed. Executors add the violations only they can see (a
 * refused write, a limit counter) and turn it into an {@link ExecResult}.
 *
 * @param status exit code and ending signal
 * @param ending why the run ended
 * @param timeout the limit that applied, or zero
 * @param stdout captured standard output, at most the limit
 * @param stderr captured standard error, at most the limit
 * @param stdoutBytes bytes the child wrote to stdout in total
 * @param stderrBytes bytes the child wrote to stderr in total
 * @param outputLimitBytes the limit that applied to each stream
 * @param usage wall time, CPU time and peak memory
 * @param notes plain statements about the run
 */
public record RunOutcome(
        ExitStatus status,
        Ending ending,
        Duration timeout,
        String stdout,
        String stderr,
        long stdoutBytes,
        long stderrBytes,
        long outputLimitBytes,
        Usage usage,
        List<String> notes) {

    /** Why a run ended. */
    public enum Ending {
        /** The root process ended by itself. */
        EXITED,
        /** The timeout passed and the tree was killed. */
        TIMED_OUT,
        /** {@link ProcessRunner#cancel(String)} killed the tree. */
        CANCELLED
    }

    public RunOutcome {
        notes = List.copyOf(notes);
    }

    public boolean stdoutTruncated() {
        return stdoutBytes > outputLimitBytes;
    }

    public boolean stderrTruncated() {
        return stderrBytes > outputLimitBytes;
    }

    /** The timeout and output-limit violations every executor reports the same way. */
    public List<Violation> violations() {
        List<Violation> violations = new ArrayList<>();
        if (ending == Ending.TIMED_OUT) {
            violations.add(new Violation(Violation.Kind.TIMEOUT,
                    "timed out after " + seconds(timeout) + "; the process tree was killed"));
        }
        if (stdoutTruncated()) {
            violations.add(new Violation(Violation.Kind.OUTPUT_LIMIT, truncation("stdout", stdoutBytes)));
        }
        if (stderrTruncated()) {
            violations.add(new Violation(Violation.Kind.OUTPUT_LIMIT, truncation("stderr", stderrBytes)));
        }
        return violations;
    }

    /**
     * The result as the SPI reports it: this run's own violations first, then the executor's,
     * then its notes after this run's.
     */
    public ExecResult toResult(String executor, List<Violation> executorViolations, List<String> executorNotes) {
        List<Violation> allViolations = new ArrayList<>(violations());
        allViolations.addAll(executorViolations);
        List<String> allNotes = new ArrayList<>(executorNotes);
        allNotes.addAll(notes);
        return new ExecResult(executor, status.exitCode(), status.signal(), ending == Ending.TIMED_OUT,
                stdout, stderr, stdoutTruncated(), stderrTruncated(), allViolations, usage, allNotes);
    }

    private String truncation(String stream, long total) {
        return stream + ": " + total + " bytes written, the first " + outputLimitBytes + " kept";
    }

    private static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }
}
