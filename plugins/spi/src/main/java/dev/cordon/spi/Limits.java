package dev.cordon.spi;

/**
 * Resource limits of a confined command; zero means no limit.
 *
 * @param maxProcesses processes and threads in the whole tree
 * @param memoryBytes memory of the whole tree
 * @param cpuSeconds CPU time of each process
 * @param fileSizeBytes size of any one file written
 * @param cpuPercent share of the machine's CPU time the whole tree may use, in percent of all
 *     online CPUs together (50 on a 4-CPU machine: two CPUs' worth)
 * @param tempBytes size of the run's private temporary directory
 * @param tempInodes files and directories in the run's private temporary directory, where the
 *     executor can set it (a tmpfs's {@code nr_inodes}); elsewhere the memory limit bounds them,
 *     since each one is kernel memory charged to the run
 */
public record Limits(int maxProcesses, long memoryBytes, long cpuSeconds, long fileSizeBytes, int cpuPercent,
        long tempBytes, long tempInodes) {

    public static final Limits NONE = new Limits(0, 0, 0, 0, 0, 0, 0);

    public Limits {
        if (cpuPercent < 0 || cpuPercent > 100) {
            throw new IllegalArgumentException("cpu share " + cpuPercent + "% is not between 0 and 100");
        }
    }

    /** Limits without a CPU share or temp bounds. */
    public Limits(int maxProcesses, long memoryBytes, long cpuSeconds, long fileSizeBytes) {
        this(maxProcesses, memoryBytes, cpuSeconds, fileSizeBytes, 0, 0, 0);
    }

    /** The same limits with another CPU share. */
    public Limits withCpuPercent(int percent) {
        return new Limits(maxProcesses, memoryBytes, cpuSeconds, fileSizeBytes, percent, tempBytes, tempInodes);
    }

    /** The same limits with other temp bounds. */
    public Limits withTemp(long bytes, long inodes) {
        return new Limits(maxProcesses, memoryBytes, cpuSeconds, fileSizeBytes, cpuPercent, bytes, inodes);
    }
}
