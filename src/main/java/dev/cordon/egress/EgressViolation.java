package dev.cordon.egress;

import java.time.Instant;

/**
 * A connection the policy refused (or, in a mode that only reports, would have refused).
 *
 * @param time when it was asked for
 * @param host the host as the sandbox named it
 * @param port the port
 * @param address the address the name resolved to when an address was refused, else null
 * @param via how it was asked for
 * @param url for a plain HTTP request, its URL without user information, query or fragment; else null
 * @param decision the policy's answer
 */
public record EgressViolation(Instant time, String host, int port, String address, Via via, String url,
        EgressDecision decision) {

    /** How a connection was asked for. */
    public enum Via {
        /** {@code CONNECT host:port} to the HTTP proxy. */
        HTTP_CONNECT,
        /** A plain {@code GET http://…} (or another method) to the HTTP proxy. */
        HTTP,
        /** A SOCKS5 {@code CONNECT}. */
        SOCKS5
    }

    public boolean enforced() {
        return decision.outcome() == EgressDecision.Outcome.REFUSED;
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    public String hostPort() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** One line for people: what was refused, by which rule and where it is written. */
    public String describe() {
        return hostPort() + (address != null && !address.equals(host) ? " (" + address + ")" : "")
                + (enforced() ? " refused by `" : " would be refused by `") + decision.rule() + "` ("
                + decision.location() + "): " + decision.reason();
    }
}
