package dev.cordon.egress;

import java.util.ArrayList;
import java.util.List;

/**
 * The refused connections of one run, in the order they happened. A sandbox that keeps trying
 * cannot grow it without bound: past {@link #LIMIT} entries only a count is kept.
 */
final class EgressLog {

    static final int LIMIT = 1000;

    private final List<EgressViolation> violations = new ArrayList<>();
    private long dropped;

    synchronized void add(EgressViolation violation) {
        if (violations.size() < LIMIT) {
            violations.add(violation);
        } else {
            dropped++;
        }
    }

    synchronized List<EgressViolation> violations() {
        return List.copyOf(violations);
    }

    /** Violations past the limit, counted but not kept. */
    synchronized long dropped() {
        return dropped;
    }
}
