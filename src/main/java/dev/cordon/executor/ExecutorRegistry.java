package dev.cordon.executor;

import dev.cordon.profile.ExecutorCapabilities;
import dev.cordon.profile.Profile;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Executor;
import dev.cordon.spi.Probe;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The executors of this process. Each is probed at most once, in the background, the first time
 * anything asks; {@code auto} picks the highest-priority available executor that meets what the
 * profile demands, and nothing weaker unless the profile names a fallback.
 */
public final class ExecutorRegistry implements AutoCloseable {

    public static final String AUTO = "auto";
    private static final long PROBE_TIMEOUT_SECONDS = 20;

    private final List<Executor> executors;
    private final List<String> loadProblems;
    private final Map<String, CompletableFuture<Probe>> probes = new LinkedHashMap<>();
    private volatile ProbeCache cache;

    public ExecutorRegistry(List<Executor> executors, List<String> loadProblems) {
        List<Executor> sorted = new ArrayList<>(executors);
        sorted.sort(Comparator.comparingInt(Executor::priority).reversed().thenComparing(Executor::id));
        this.executors = List.copyOf(sorted);
        this.loadProblems = List.copyOf(loadProblems);
    }

    /** Loads the plugins of a distribution. */
    public static ExecutorRegistry load(Path pluginsDir) {
        List<String> problems = new ArrayList<>();
        List<Executor> found = PluginLoader.load(pluginsDir, problems);
        return new ExecutorRegistry(found, problems);
    }

    /**
     * Keeps successful probes in {@code dir} for the rest of the boot and takes them from there
     * (see {@link ProbeCache}); without it every process probes.
     */
    public ExecutorRegistry keepingProbesIn(Path dir) {
        this.cache = ProbeCache.in(dir).orElse(null);
        return this;
    }

    /** Probes every executor anew, ignoring kept results (and keeping the new ones). */
    public ExecutorRegistry probingAnew() {
        this.fresh = true;
        return this;
    }

    private volatile boolean fresh;

    /** Executors, highest priority first. */
    public List<Executor> executors() {
        return executors;
    }

    public List<String> loadProblems() {
        return loadProblems;
    }

    public Optional<Executor> byId(String id) {
        return executors.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /** Starts every probe that has not started yet, without waiting. */
    /** What each installed executor declares it isolates, by id. */
    public ExecutorCapabilities declared() {
        Map<String, Set<Capability>> declared = new LinkedHashMap<>();
        executors.forEach(e -> declared.putIfAbsent(e.id(), Set.copyOf(e.capabilities())));
        return () -> declared;
    }

    public synchronized void startProbes() {
        executors.forEach(this::probeFuture);
    }

    /** The executor's probe result, waiting for it if needed. */
    public Probe probe(Executor executor) {
        try {
            return probeFuture(executor).get(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return Probe.unavailable("probe did not finish within " + PROBE_TIMEOUT_SECONDS + " s");
        } catch (ExecutionException e) {
            return Probe.unavailable("probe failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Probe.unavailable("probe interrupted");
        }
    }

    private synchronized CompletableFuture<Probe> probeFuture(Executor executor) {
        // One thread per probe: the common pool has a single worker on two cores, and a slow probe
        // must not hold up the one `auto` is waiting for.
        return probes.computeIfAbsent(executor.id(), id -> CompletableFuture.supplyAsync(() -> safeProbe(executor),
                task -> {
                    Thread thread = new Thread(task, "cordon-probe-" + id);
                    thread.setDaemon(true);
                    thread.start();
                }));
    }

    private Probe safeProbe(Executor executor) {
        ProbeCache kept = cache;
        if (kept != null && !fresh) {
            Optional<Probe> earlier = kept.get(executor);
            if (earlier.isPresent()) {
                return earlier.get();
            }
        }
        Probe probe;
        try {
            probe = executor.probe();
            probe = probe == null ? Probe.unavailable("probe returned nothing") : probe;
        } catch (RuntimeException | LinkageError e) {
            return Probe.unavailable("probe failed: " + e);
        }
        if (kept != null) {
            kept.put(executor, probe);
        }
        return probe;
    }

    /**
     * Chooses the executor for a profile. {@code auto} takes the highest-priority available
     * executor that has the capabilities the profile demands and under which the kernel keeps
     * every promise of the confinement; with {@code enforce: best-effort}, the first with the
     * capabilities, whatever it leaves to the policy layer.
     *
     * @param requested {@code auto} or an executor id
     * @param profile the resolved profile (its fallback, demands and {@code enforce})
     * @param confinement what a command would run under
     */
    public Selection select(String requested, Profile profile, Confinement confinement) {
        Set<Capability> needed = Requirements.of(profile);
        if (!AUTO.equals(requested)) {
            return explicit(requested, needed, profile, confinement);
        }
        boolean gapsAccepted = profile.enforce() == Profile.Enforce.BEST_EFFORT;
        List<String> passedOver = new ArrayList<>();
        Selection strongestWithGaps = null;
        for (Executor executor : executors) {
            Probe probe = probe(executor);
            if (!probe.available()) {
                passedOver.add(executor.id() + " unavailable: " + probe.summary());
                continue;
            }
            Set<Capability> missing = missing(executor, needed);
            if (!missing.isEmpty()) {
                passedOver.add(executor.id() + " lacks " + names(missing));
                continue;
            }
            Enforcement enforcement = Enforcement.of(executor, confinement);
            if (enforcement.complete() || gapsAccepted) {
                return new Selection(executor, requested, needed, Set.of(), false,
                        "auto: `" + executor.id() + "` is the strongest available executor that meets the profile",
                        enforcement);
            }
            passedOver.add(executor.id() + " leaves to the policy layer: " + enforcement.gaps());
            if (strongestWithGaps == null) {
                strongestWithGaps = new Selection(executor, requested, needed, Set.of(), true, "", enforcement);
            }
        }
        String why = "no executor meets the profile's needs (" + names(needed) + ", every promise kept by the kernel): "
                + String.join("; ", passedOver);
        if (strongestWithGaps != null && hasFallback(profile)) {
            // The profile accepts weaker isolation; its named fallback would leave even more to the
            // policy layer than the strongest executor that merely has gaps.
            // Its gaps are listed in a warning of their own, so the other executors passed over
            // (shown by `sandbox status`) are left out of this line.
            return new Selection(strongestWithGaps.executor(), requested, needed, Set.of(), true,
                    "no executor keeps every promise of the profile; using `" + strongestWithGaps.executor().id()
                            + "`, the strongest available, since the profile accepts weaker isolation (fallback `"
                            + profile.fallback() + "`)",
                    strongestWithGaps.enforcement());
        }
        return fallback(requested, needed, profile, confinement, why);
    }

    private Selection explicit(String requested, Set<Capability> needed, Profile profile, Confinement confinement) {
        Optional<Executor> found = byId(requested);
        if (found.isEmpty()) {
            return fallback(requested, needed, profile, confinement, "executor `" + requested + "` is not installed");
        }
        Probe probe = probe(found.get());
        if (!probe.available()) {
            return fallback(requested, needed, profile, confinement,
                    "executor `" + requested + "` is unavailable: " + probe.summary());
        }
        Set<Capability> missing = missing(found.get(), needed);
        String note = missing.isEmpty()
                ? "executor `" + requested + "` as the profile asks"
                : "executor `" + requested + "` as the profile asks; it does not provide " + names(missing);
        return new Selection(found.get(), requested, needed, missing, false, note, Enforcement.of(found.get(), confinement));
    }

    private Selection fallback(String requested, Set<Capability> needed, Profile profile, Confinement confinement,
            String why) {
        String fallbackId = profile.fallback();
        if (!hasFallback(profile)) {
            return new Selection(null, requested, needed, needed, false, why, Enforcement.NONE);
        }
        Optional<Executor> weaker = byId(fallbackId).filter(e -> probe(e).available());
        if (weaker.isEmpty()) {
            return new Selection(null, requested, needed, needed, false,
                    why + "; the fallback `" + fallbackId + "` is unavailable too", Enforcement.NONE);
        }
        return new Selection(weaker.get(), requested, needed, missing(weaker.get(), needed), true,
                why + "; using the profile's weaker fallback `" + fallbackId + "`", Enforcement.of(weaker.get(), confinement));
    }

    private static boolean hasFallback(Profile profile) {
        String fallbackId = profile.fallback();
        return fallbackId != null && !fallbackId.isBlank() && !fallbackId.equals("none");
    }

    private static Set<Capability> missing(Executor executor, Set<Capability> needed) {
        EnumSet<Capability> missing = needed.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(needed);
        missing.removeAll(executor.capabilities());
        return missing;
    }

    /** Capability names as users write them, e.g. {@code write-isolation, network-isolation}. */
    public static String names(Set<Capability> capabilities) {
        return capabilities.stream().map(c -> c.name().toLowerCase().replace('_', '-')).sorted()
                .reduce((a, b) -> a + ", " + b).orElse("nothing");
    }

    @Override
    public void close() {
        for (Executor executor : executors) {
            try {
                executor.close();
            } catch (RuntimeException e) {
                // Cleanup of one executor must not keep the others from cleaning up.
            }
        }
    }
}
