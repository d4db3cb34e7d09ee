package dev.cordon.spi;

import java.util.List;

/**
 * What happened to a command.
 *
 * @param executor id of the executor that ran it
 * @param exitCode the exit status, or {@code 128 + signal} when a signal ended it
 * @param signal the signal that ended it, or 0
 * @param timedOut whether the timeout killed it
 * @param stdout captured standard output (UTF-8, malformed bytes replaced), at most the limit
 * @param stderr captured standard error, likewise
 * @param stdoutTruncated whether stdout exceeded the limit
 * @param stderrTruncated whether stderr exceeded the limit
 * @param violations what the confinement refused, with its evidence
 * @param usage resources the command used
 * @param notes plain statements about the run a user should see, e.g. that nothing was isolated
 */
public record ExecResult(
        String executor,
        int exitCode,
        int signal,
        boolean timedOut,
        String stdout,
        String stderr,
        boolean stdoutTruncated,
        boolean stderrTruncated,
        List<Violation> violations,
        Usage usage,
        List<String> notes) {

    public ExecResult {
        violations = List.copyOf(violations);
        notes = List.copyOf(notes);
    }
}
