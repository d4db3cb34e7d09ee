package dev.cordon.engine;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;

/**
 * A rule that matched the call.
 *
 * @param rule its id
 * @param source where it is defined: a DRL rule, a profile rule or a standing approval, in its layer
 * @param gate the gate of the order it belongs to (0–9)
 * @param gateName that gate's name
 * @param decision what it asked for
 * @param subject what it was about
 * @param reason its message for the agent
 * @param lost why it did not decide, or null when it decided
 * @param raisedBy the DRL rule that raised it: {@code rule} itself, or the DRL rule that applied a
 *     profile rule or entry
 * @param entry the profile list entry it acted on, or null
 */
public record Match(String rule, Provenance source, int gate, String gateName, Decision decision, String subject,
        String reason, String lost, String raisedBy, Entry entry) {

    /**
     * An entry of one of the profile's lists (a denied path, a denied command, a denied network
     * destination) and where it is written.
     *
     * @param setting the list's key path, e.g. {@code denied_paths}
     * @param value the entry as it is in force
     * @param source where it is written; null when the profile was not read from files
     */
    public record Entry(String setting, String value, Provenance source) {
    }

    public boolean decided() {
        return lost == null;
    }

    /** The file it is defined in. */
    public String file() {
        return source.file();
    }

    /** Its line there, 0 when unknown. */
    public int line() {
        return source.line();
    }
}
