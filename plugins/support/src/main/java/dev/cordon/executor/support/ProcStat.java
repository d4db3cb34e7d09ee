package dev.cordon.executor.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * What {@code /proc/<pid>/stat} and {@code /proc/<pid>/status} say about a live process on Linux.
 * CPU counts the process and the children it has already waited for; a dead process has no
 * entry, so callers sample while it runs.
 */
final class ProcStat {

    /** Clock ticks per second; USER_HZ is 100 on every Linux architecture Java runs on. */
    private static final long TICKS_PER_SECOND = 100;
    private static final Path PROC = Path.of("/proc");

    private ProcStat() {
    }

    /** utime + stime + cutime + cstime of a live process. */
    static Optional<Duration> cpu(long pid) {
        Optional<String[]> fields = statFields(pid);
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        // Fields after the command name: state is index 0, utime 11, stime 12, cutime 13, cstime 14.
        String[] f = fields.get();
        try {
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return Optional.of(Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND));
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /** Peak resident set size (VmHWM) of a live process, or 0. */
    static long peakResidentBytes(long pid) {
        try {
            for (String line : Files.readAllLines(PROC.resolve(Long.toString(pid)).resolve("status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("VmHWM:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static Optional<String[]> statFields(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            // The command name is in parentheses and may itself contain spaces and parentheses.
            int close = stat.lastIndexOf(')');
            if (close < 0) {
                return Optional.empty();
            }
            return Optional.of(stat.substring(close + 2).trim().split(" "));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
