package dev.cordon.shell;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A guard against gross slowdowns: parsing runs on every decision. The bound is far above the
 * few microseconds a warm parse of a typical line takes, so that a busy machine does not fail it.
 */
class SpeedTest {

    private static final String LINE =
            "cd /srv/project && git status --porcelain && npm run build -- --watch=false 2>&1 | tail -n 20";

    @Test
    void aTypicalLineParsesInMicroseconds() {
        for (int i = 0; i < 3_000; i++) {
            ShellParser.parse(LINE, ShellTesting.ENV);
        }
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < 500; i++) {
                ShellParser.parse(LINE, ShellTesting.ENV);
            }
            best = Math.min(best, System.nanoTime() - start);
        }
        double micros = best / 500.0 / 1_000.0;
        assertTrue(micros < 100, () -> "a parse took " + micros + " µs");
    }
}
