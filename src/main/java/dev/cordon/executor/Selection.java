package dev.cordon.executor;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Executor;
import java.util.Set;

/**
 * The executor chosen for a profile, or why none could be.
 *
 * @param executor the chosen executor, or null when the request must be refused
 * @param requested what the profile or flags asked for ({@code auto} or an id)
 * @param needed the capabilities the profile demands
 * @param missing demanded capabilities the chosen executor lacks (non-empty only for an explicit
 *     choice or a fallback)
 * @param fallback true when a weaker fallback the profile allows was used
 * @param explanation one line saying how the choice was made, or why it failed
 * @param enforcement what the kernel keeps of the confinement under the chosen executor, and
 *     what it leaves to the policy layer ({@link Enforcement#NONE} when none was chosen)
 */
public record Selection(
        Executor executor,
        String requested,
        Set<Capability> needed,
        Set<Capability> missing,
        boolean fallback,
        String explanation,
        Enforcement enforcement) {

    public Selection {
        needed = Set.copyOf(needed);
        missing = Set.copyOf(missing);
    }

    /** The same choice, with what the kernel keeps of the confinement the command really runs under. */
    public Selection withEnforcement(Enforcement kept) {
        return new Selection(executor, requested, needed, missing, fallback, explanation, kept);
    }

    public boolean found() {
        return executor != null;
    }

    public boolean provides(Capability capability) {
        return executor != null && executor.capabilities().contains(capability) && !missing.contains(capability);
    }
}
