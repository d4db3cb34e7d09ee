package dev.cordon.executor.landlock;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import java.util.List;

/**
 * What this executor can do with a network policy: turn the network off (Landlock TCP rules
 * where the ABI has them, and seccomp refusing every socket family) or leave it open. Landlock
 * filters TCP by port only and seccomp cannot see addresses, so an allow-list needs a proxy this
 * executor does not have: it is refused rather than run open. A deny-list on an open network
 * cannot be enforced here either; the run goes ahead and its result says so, since the policy
 * layer already refuses commands that name a denied destination.
 */
final class LandlockNetwork {

    private LandlockNetwork() {
    }

    /** Refuses what cannot be enforced, and returns what the result must say about the rest. */
    static List<String> check(NetworkPolicy policy) throws ExecutorException {
        return switch (policy.mode()) {
            case NONE -> List.of();
            case ALLOW_LIST -> throw new ExecutorException(
                    "landlock cannot enforce a network allow-list (" + entries(policy.allow())
                            + "); it can only turn the network off or leave it open");
            case FULL -> policy.deny().isEmpty() ? List.of()
                    : List.of("landlock executor: the network is open; the denied destinations ("
                            + entries(policy.deny()) + ") are refused by the policy, not by the kernel");
        };
    }

    private static String entries(List<String> entries) {
        return entries.isEmpty() ? "no entries" : "`" + String.join("`, `", entries) + "`";
    }
}
