package dev.cordon.executor.landlock;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;

/**
 * What this executor can do with a network policy: turn the network off (Landlock TCP rules
 * where the ABI has them, and seccomp refusing every socket family) or leave it open. Landlock
 * filters TCP by port only and seccomp cannot see addresses, so an allow-list or a deny-list needs
 * a proxy this executor does not have: such policies are refused rather than run open.
 */
final class LandlockNetwork {

    private LandlockNetwork() {
    }

    static void check(NetworkPolicy policy) throws ExecutorException {
        switch (policy.mode()) {
            case NONE -> {
            }
            case ALLOW_LIST -> throw new ExecutorException(
                    "landlock cannot enforce a network allow-list (" + entries(policy.allow())
                            + "); it can only turn the network off or leave it open");
            case FULL -> {
                if (!policy.deny().isEmpty()) {
                    throw new ExecutorException("landlock cannot enforce network deny entries (" + entries(policy.deny())
                            + "); it can only turn the network off or leave it open");
                }
            }
        }
    }

    private static String entries(java.util.List<String> entries) {
        return entries.isEmpty() ? "no entries" : "`" + String.join("`, `", entries) + "`";
    }
}
