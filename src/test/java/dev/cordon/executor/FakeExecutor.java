package dev.cordon.executor;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Promise;
import dev.cordon.spi.Usage;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/** An executor whose availability and capabilities a test chooses; it records what it was asked. */
public final class FakeExecutor implements Executor {

    private final String id;
    private final int priority;
    private final Set<Capability> capabilities;
    private final boolean available;
    final AtomicInteger probes = new AtomicInteger();
    private final Set<Promise> gaps = EnumSet.noneOf(Promise.class);
    public volatile ExecRequest lastRequest;

    public FakeExecutor(String id, int priority, boolean available, Capability... capabilities) {
        this.id = id;
        this.priority = priority;
        this.available = available;
        this.capabilities = capabilities.length == 0 ? EnumSet.noneOf(Capability.class)
                : EnumSet.copyOf(List.of(capabilities));
    }

    public static FakeExecutor full(String id, int priority) {
        return new FakeExecutor(id, priority, true, Capability.values());
    }

    /** The same executor, leaving these promises to the policy layer; it keeps every other one. */
    public FakeExecutor leaving(Promise... promises) {
        gaps.addAll(List.of(promises));
        return this;
    }

    /** With every capability, the kernel keeps every promise but those it was told to leave. */
    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        if (!capabilities.containsAll(EnumSet.allOf(Capability.class))) {
            return Executor.super.guarantees(confinement);
        }
        return Promise.madeBy(confinement).stream()
                .map(p -> gaps.contains(p) ? Guarantee.policy(p, "fake gap") : Guarantee.kernel(p, "fake kernel"))
                .toList();
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public int priority() {
        return priority;
    }

    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public Probe probe() {
        probes.incrementAndGet();
        return available ? new Probe(true, id + " works", Map.of(), List.of()) : Probe.unavailable(id + " is broken here");
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) {
        lastRequest = request;
        return new ExecResult(id, 0, 0, false, "", "", false, false, List.of(),
                new Usage(Duration.ZERO, Duration.ZERO, 0), List.of());
    }
}
