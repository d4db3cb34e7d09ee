package dev.cordon.executor.landlock;

import dev.cordon.spi.NetworkPolicy;
import java.util.List;

/**
 * What this executor can do with a network policy: turn the network off (Landlock TCP rules
 * where the ABI has them, and seccomp refusing every socket family), fence an allow-list (see
 * {@link LandlockNetworkFence}), or leave it open. A deny-list on an open network cannot be
 * enforced here; the run goes ahead and its result says so, since the policy layer already
 * refuses commands that name a denied destination.
 */
final class LandlockNetwork {

    private LandlockNetwork() {
    }

    /** What the result must say about the network. */
    static List<String> check(NetworkPolicy policy) {
        return switch (policy.mode()) {
            case NONE, ALLOW_LIST -> List.of();
            case FULL -> policy.deny().isEmpty() ? List.of()
                    : List.of("landlock executor: the network is open; the denied destinations ("
                            + entries(policy.deny()) + ") are refused by the policy, not by the kernel");
        };
    }

    private static String entries(List<String> entries) {
        return entries.isEmpty() ? "no entries" : "`" + String.join("`, `", entries) + "`";
    }
}
