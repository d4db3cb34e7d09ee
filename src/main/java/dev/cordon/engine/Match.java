package dev.cordon.engine;

import dev.cordon.decision.Decision;

/**
 * A rule that matched the call.
 *
 * @param rule its id
 * @param file where it is defined
 * @param line the line there, 0 when unknown
 * @param gate the gate of the order it belongs to (0–9)
 * @param gateName that gate's name
 * @param decision what it asked for
 * @param subject what it was about
 * @param reason its message for the agent
 * @param lost why it did not decide, or null when it decided
 * @param raisedBy the DRL rule that raised it: {@code rule} itself, or the DRL rule that applied a
 *     profile rule or entry
 */
public record Match(String rule, String file, int line, int gate, String gateName, Decision decision, String subject,
        String reason, String lost, String raisedBy) {

    public boolean decided() {
        return lost == null;
    }
}
