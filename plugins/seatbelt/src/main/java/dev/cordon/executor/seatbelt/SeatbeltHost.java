package dev.cordon.executor.seatbelt;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The machine as this executor sees it: the operating system's name and where {@code
 * sandbox-exec} should be.
 *
 * @param osName the {@code os.name} system property
 * @param sandboxExec the {@code sandbox-exec} binary
 */
record SeatbeltHost(String osName, Path sandboxExec) {

    static final Path SANDBOX_EXEC = Path.of("/usr/bin/sandbox-exec");

    static SeatbeltHost current() {
        return new SeatbeltHost(System.getProperty("os.name", ""), SANDBOX_EXEC);
    }

    boolean isMacOs() {
        return osName.toLowerCase(Locale.ROOT).startsWith("mac");
    }

    /** Why this executor cannot run on a machine that is not macOS. */
    String notMacOs() {
        return "seatbelt needs macOS (`sandbox-exec`); this machine runs `" + osName + "`";
    }
}
