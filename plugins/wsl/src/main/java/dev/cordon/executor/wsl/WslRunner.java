package dev.cordon.executor.wsl;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Runs one {@code wsl.exe} argv of this executor itself (setup, status, probe) to its end. */
@FunctionalInterface
interface WslRunner {

    /**
     * What one call printed, decoded.
     *
     * @param exitCode the status, or -1 when the call was killed for taking too long
     * @param stdout standard output
     * @param stderr standard error
     */
    record Reply(int exitCode, String stdout, String stderr) {

        boolean ok() {
            return exitCode == 0;
        }

        String firstError() {
            String text = (stderr.isBlank() ? stdout : stderr).strip();
            int newline = text.indexOf('\n');
            return text.isEmpty() ? "no output" : newline < 0 ? text : text.substring(0, newline);
        }
    }

    Reply run(List<String> argv, Duration limit) throws IOException;
}
