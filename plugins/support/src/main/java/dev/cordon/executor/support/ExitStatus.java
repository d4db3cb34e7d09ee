package dev.cordon.executor.support;

import java.util.Map;

/**
 * Exit code and ending signal of a process. Java's {@link Process#exitValue()} reports a process
 * killed by signal {@code n} as {@code 128 + n}, exactly like a process that called
 * {@code exit(128 + n)}; the two cannot be told apart from Java, so {@code 129..192} is read as a
 * signal. This matches what shells report for a killed command.
 *
 * @param exitCode the status, or {@code 128 + signal}
 * @param signal the ending signal, or 0
 */
public record ExitStatus(int exitCode, int signal) {

    public static final int SIGKILL = 9;
    public static final int SIGSEGV = 11;
    public static final int SIGTERM = 15;
    public static final int SIGXCPU = 24;
    public static final int SIGXFSZ = 25;
    public static final int SIGSYS = 31;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"), Map.entry(3, "SIGQUIT"),
            Map.entry(4, "SIGILL"), Map.entry(5, "SIGTRAP"), Map.entry(6, "SIGABRT"),
            Map.entry(7, "SIGBUS"), Map.entry(8, "SIGFPE"), Map.entry(SIGKILL, "SIGKILL"),
            Map.entry(10, "SIGUSR1"), Map.entry(SIGSEGV, "SIGSEGV"), Map.entry(12, "SIGUSR2"),
            Map.entry(13, "SIGPIPE"), Map.entry(14, "SIGALRM"), Map.entry(SIGTERM, "SIGTERM"),
            Map.entry(SIGXCPU, "SIGXCPU"), Map.entry(SIGXFSZ, "SIGXFSZ"), Map.entry(SIGSYS, "SIGSYS"));

    /** Reads the value {@link Process#exitValue()} returned. */
    public static ExitStatus fromJava(int exitValue) {
        if (exitValue > 128 && exitValue <= 128 + 64) {
            return new ExitStatus(exitValue, exitValue - 128);
        }
        return new ExitStatus(exitValue, 0);
    }

    /** The status of a process this runner killed itself. */
    public static ExitStatus killed(int signal) {
        return new ExitStatus(128 + signal, signal);
    }

    /** {@code SIGKILL} for 9, {@code signal 40} for a signal without a common name. */
    public static String signalName(int signal) {
        return NAMES.getOrDefault(signal, "signal " + signal);
    }
}
