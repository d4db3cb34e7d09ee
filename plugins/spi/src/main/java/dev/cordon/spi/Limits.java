package dev.cordon.spi;

/**
 * Resource limits of a confined command; zero means no limit.
 *
 * @param maxProcesses processes and threads in the whole tree
 * @param memoryBytes memory of the whole tree
 * @param cpuSeconds CPU time of each process
 * @param fileSizeBytes size of any one file written
 */
public record Limits(int maxProcesses, long memoryBytes, long cpuSeconds, long fileSizeBytes) {

    public static final Limits NONE = new Limits(0, 0, 0, 0);
}
