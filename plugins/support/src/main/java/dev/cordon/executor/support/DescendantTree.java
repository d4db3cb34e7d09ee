package dev.cordon.executor.support;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The portable fallback: follows {@link ProcessHandle#descendants()} while the root lives and
 * remembers every descendant it has seen. A process that detaches (double fork, {@code setsid})
 * and whose parent exits between two samples is lost to it; only a cgroup closes that gap.
 */
public final class DescendantTree implements ProcessTree {

    private static final int KILL_ROUNDS = 5;

    private final Set<ProcessHandle> seen = new LinkedHashSet<>();
    private ProcessHandle root;
    private Duration cpu = Duration.ZERO;
    private long peakResident;

    @Override
    public synchronized void attach(Process process) {
        // No sample yet: listing descendants scans all of /proc, too slow for every short command.
        root = process.toHandle();
    }

    @Override
    public synchronized void sample() {
        if (root == null) {
            return;
        }
        root.descendants().forEach(seen::add);
        ProcStat.cpu(root.pid()).ifPresent(value -> cpu = value.compareTo(cpu) > 0 ? value : cpu);
        peakResident = Math.max(peakResident, ProcStat.peakResidentBytes(root.pid()));
    }

    @Override
    public synchronized void killAll() {
        if (root == null) {
            return;
        }
        // Descendants first, repeatedly, so children forked during the kill are caught too.
        for (int round = 0; round < KILL_ROUNDS; round++) {
            Set<ProcessHandle> alive = live();
            if (alive.isEmpty()) {
                break;
            }
            alive.forEach(ProcessHandle::destroyForcibly);
            Thread.onSpinWait();
        }
        root.destroyForcibly();
    }

    /** Processes seen so far that are still running, the root excluded. */
    public synchronized Set<ProcessHandle> live() {
        if (root != null && root.isAlive()) {
            root.descendants().forEach(seen::add);
        }
        return seen.stream().filter(ProcessHandle::isAlive).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    @Override
    public synchronized Optional<Duration> cpu() {
        return Optional.of(cpu);
    }

    @Override
    public synchronized long peakMemoryBytes() {
        return peakResident;
    }
}
