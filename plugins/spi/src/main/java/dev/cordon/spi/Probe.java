package dev.cordon.spi;

import java.util.List;
import java.util.Map;

/**
 * The outcome of an executor's availability probe.
 *
 * @param available whether the probe confined a command and saw the confinement hold
 * @param summary one line a user can act on, e.g. why the executor is unavailable
 * @param facts kernel or tool facts the probe read, e.g. {@code landlock.abi=7}
 * @param enforced what the executor really enforces on this machine, one item per entry
 */
public record Probe(boolean available, String summary, Map<String, String> facts, List<String> enforced) {

    public Probe {
        facts = Map.copyOf(facts);
        enforced = List.copyOf(enforced);
    }

    public static Probe unavailable(String reason) {
        return new Probe(false, reason, Map.of(), List.of());
    }
}
