package dev.cordon.egress;

/**
 * The policy's answer for one connection or one of its addresses.
 *
 * @param outcome what the proxy does
 * @param rule the deciding rule or profile entry
 * @param file where it is written
 * @param line its line there, 0 when unknown
 * @param reason the message for the agent
 */
public record EgressDecision(Outcome outcome, String rule, String file, int line, String reason) {

    /** What the proxy does with a connection. */
    public enum Outcome {
        /** The policy allows it. */
        ALLOWED,
        /** The policy refuses it: the connection is not made. */
        REFUSED,
        /** The policy would refuse it, but the profile's mode only reports: it is made and logged. */
        REPORTED
    }

    /** {@code file:line} of the deciding rule. */
    public String location() {
        return line > 0 ? file + ":" + line : file;
    }

    /** Whether the connection may go ahead (allowed, or refused only on paper). */
    public boolean proceeds() {
        return outcome != Outcome.REFUSED;
    }
}
