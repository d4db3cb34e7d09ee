package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.ProcessTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Every process of a run that has no cgroup. The sandbox is a PID namespace: killing its first
 * process makes the kernel kill every other process in it, however it detached, so the tree is
 * three processes to find, not a walk over {@code /proc}: that first process (bwrap reports its
 * host pid and namespace in its status), bwrap, and the wrapper shell.
 */
final class BwrapTree implements ProcessTree {

    private static final Duration PATIENCE = Duration.ofSeconds(2);
    private static final long CLOCK_TICKS_PER_SECOND = 100;

    private final Supplier<BwrapStatus> status;
    private Process started;
    private ProcessHandle root;
    private Duration cpu = Duration.ZERO;

    /** @param status reads what bwrap has reported so far */
    BwrapTree(Supplier<BwrapStatus> status) {
        this.status = status;
    }

    @Override
    public synchronized void attach(Process process) {
        started = process;
        root = process.toHandle();
    }

    @Override
    public synchronized void sample() {
        sandboxInit().ifPresent(this::sampleCpu);
    }

    @Override
    public synchronized void killAll() {
        if (started != null && !started.isAlive() && status.get().commandRan()) {
            // bwrap reports the exit code once the sandbox's first process has ended, and its end
            // took every other process of the PID namespace with it: nothing is left.
            return;
        }
        Optional<Long> init = sandboxInit();
        init.ifPresent(pid -> {
            sampleCpu(pid);
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        });
        if (root != null) {
            // bwrap is the wrapper's only child; the wrapper itself is the runner's to end.
            children(root.pid()).forEach(ProcessHandle::destroyForcibly);
        }
        init.ifPresent(BwrapTree::awaitEnd);
    }

    @Override
    public synchronized Optional<Duration> cpu() {
        return Optional.of(cpu);
    }

    /**
     * The host pid of the sandbox's first process, if it is still that process: the pid is only
     * trusted while it still belongs to the PID namespace bwrap reported, so a reused pid is
     * never killed.
     */
    private Optional<Long> sandboxInit() {
        BwrapStatus reported = status.get();
        if (reported.childPid().isEmpty() || reported.pidNamespace().isEmpty()) {
            return Optional.empty();
        }
        long pid = reported.childPid().getAsLong();
        try {
            String link = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "pid")).toString();
            return link.equals("pid:[" + reported.pidNamespace().getAsLong() + "]") ? Optional.of(pid) : Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * The children of a single-threaded process, from the kernel's own list: {@link
     * ProcessHandle#children()} walks every process of the machine to find them.
     */
    private static Stream<ProcessHandle> children(long pid) {
        Path list = Path.of("/proc", Long.toString(pid), "task", Long.toString(pid), "children");
        try {
            return Stream.of(Files.readString(list).trim().split("\\s+")).filter(text -> !text.isEmpty())
                    .map(Long::parseLong).map(ProcessHandle::of).flatMap(Optional::stream);
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.of(pid).stream().flatMap(ProcessHandle::children);
        }
    }

    /** User and system time of the first process and of the children it has reaped. */
    private void sampleCpu(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = 0;
            for (int field = 11; field <= 14; field++) { // utime, stime, cutime, cstime
                ticks += Long.parseLong(fields[field]);
            }
            Duration sampled = Duration.ofMillis(ticks * 1000 / CLOCK_TICKS_PER_SECOND);
            if (sampled.compareTo(cpu) > 0) {
                cpu = sampled;
            }
        } catch (IOException | RuntimeException e) {
            // Gone meanwhile: the last sample stands.
        }
    }

    /** Waits until the process has ended (a zombie counts as ended: it holds nothing any more). */
    private static void awaitEnd(long pid) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        while (System.nanoTime() < deadline) {
            try {
                String text = Files.readString(stat);
                if (text.charAt(text.lastIndexOf(')') + 2) == 'Z') {
                    return;
                }
            } catch (IOException | RuntimeException e) {
                return;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
