package dev.cordon.linux;

/**
 * Limit counters of a run's cgroup, read before it was killed.
 *
 * @param processLimitHits forks refused because the process limit was reached
 * @param memoryLimitHits times memory use ran into the limit
 * @param oomKills processes the kernel killed for memory
 */
public record CgroupEvents(long processLimitHits, long memoryLimitHits, long oomKills) {

    public static final CgroupEvents NONE = new CgroupEvents(0, 0, 0);
}
