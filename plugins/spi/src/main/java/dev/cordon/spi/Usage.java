package dev.cordon.spi;

import java.time.Duration;

/**
 * Resources a command used.
 *
 * @param wall elapsed time from start to the end of the last process
 * @param cpu user plus system CPU time of the tree, where the executor can measure it
 * @param peakMemoryBytes peak resident memory, or 0 when unknown
 */
public record Usage(Duration wall, Duration cpu, long peakMemoryBytes) {
}
