package dev.cordon.spi;

/**
 * Who keeps one {@link Promise} under an executor, and how.
 *
 * @param promise what is promised
 * @param keeper the kernel, or only the policy layer
 * @param detail how the kernel keeps it (e.g. {@code read roots mounted read-only}), or why it
 *     cannot here (e.g. {@code needs a mount namespace, and cordon is not running as root})
 */
public record Guarantee(Promise promise, Keeper keeper, String detail) {

    /** Who keeps a promise. */
    public enum Keeper {
        /** The kernel enforces it for everything the command does. */
        KERNEL,
        /** Only the policy layer: it refuses what it sees coming, not what a program does on its own. */
        POLICY
    }

    public static Guarantee kernel(Promise promise, String how) {
        return new Guarantee(promise, Keeper.KERNEL, how);
    }

    public static Guarantee policy(Promise promise, String why) {
        return new Guarantee(promise, Keeper.POLICY, why);
    }

    /**
     * The answers for every promise of a confinement, from what the kernel keeps ({@code kernel}:
     * promise to how) and why the rest is not ({@code why}, else {@code otherwise}).
     */
    public static java.util.List<Guarantee> answer(Confinement confinement, java.util.Map<Promise, String> kernel,
            java.util.Map<Promise, String> why, String otherwise) {
        return Promise.madeBy(confinement).stream()
                .map(p -> kernel.containsKey(p) ? kernel(p, kernel.get(p)) : policy(p, why.getOrDefault(p, otherwise)))
                .toList();
    }

    public boolean byKernel() {
        return keeper == Keeper.KERNEL;
    }
}
