package dev.cordon.engine;

import dev.cordon.decision.Decision;

/**
 * What one gate of the order did for this call.
 *
 * @param gate its number, 0–9
 * @param name its name
 * @param result what happened there
 * @param decision the decision of its strongest finding, or null when none
 */
public record GateCheck(int gate, String name, Result result, Decision decision) {

    public enum Result {
        /** No rule of this gate matched. */
        PASSED,
        /** Rules matched, but an earlier gate or a more severe finding decided. */
        FIRED,
        /** Rules matched and were set aside (mode off, approval, untrusted rule). */
        WAIVED,
        /** This gate decided the call. */
        DECIDED
    }
}
