package dev.cordon.egress;

import dev.cordon.request.Connection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A run's policy does not change while the command runs, so the answer for a destination (a name,
 * or a name at one address) is decided once and remembered: a build that opens hundreds of
 * connections to one registry pays for one decision. Bounded, so that a sandbox asking for
 * endless names cannot grow it; past the bound every answer is decided afresh.
 */
final class RememberedPolicy implements EgressPolicy {

    static final int LIMIT = 4096;

    private final EgressPolicy policy;
    private final Map<Connection, EgressDecision> answers = new ConcurrentHashMap<>();

    RememberedPolicy(EgressPolicy policy) {
        this.policy = policy;
    }

    /** Whether the answer for this destination is known, so deciding it cannot block. */
    boolean knows(Connection connection) {
        return answers.containsKey(connection);
    }

    @Override
    public EgressDecision decide(Connection connection) {
        EgressDecision known = answers.get(connection);
        if (known != null) {
            return known;
        }
        EgressDecision decided = policy.decide(connection);
        if (answers.size() < LIMIT) {
            answers.putIfAbsent(connection, decided);
        }
        return decided;
    }
}
