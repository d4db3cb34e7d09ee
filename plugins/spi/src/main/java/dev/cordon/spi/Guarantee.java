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

    public boolean byKernel() {
        return keeper == Keeper.KERNEL;
    }
}
