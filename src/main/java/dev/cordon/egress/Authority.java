package dev.cordon.egress;

import dev.cordon.request.Connection;

/**
 * Reads {@code host:port} as it appears in a {@code CONNECT} line or a URL: a name, an IPv4
 * address, or an IPv6 address in brackets, then a port.
 */
final class Authority {

    private Authority() {
    }

    /**
     * @param defaultPort the port when none is written, or 0 when one is required
     * @throws IllegalArgumentException with a message for the client when it is not a valid destination
     */
    static Connection parse(String text, int defaultPort) {
        if (text.length() > Connection.MAX_HOST_LENGTH + 8) {
            throw new IllegalArgumentException("the host is longer than " + Connection.MAX_HOST_LENGTH + " characters");
        }
        String host;
        String port;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("`" + text + "` has no closing `]`");
            }
            host = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                throw new IllegalArgumentException("`" + text + "` is not `[address]:port`");
            }
            port = rest.isEmpty() ? null : rest.substring(1);
        } else {
            int colon = text.lastIndexOf(':');
            if (colon >= 0 && text.indexOf(':') != colon) {
                throw new IllegalArgumentException("an IPv6 address must be in brackets: `[" + text + "]`");
            }
            host = colon < 0 ? text : text.substring(0, colon);
            port = colon < 0 ? null : text.substring(colon + 1);
        }
        if (!Connection.validHost(host)) {
            throw new IllegalArgumentException("`" + host + "` is not a host name or an address");
        }
        int number;
        if (port == null) {
            if (defaultPort == 0) {
                throw new IllegalArgumentException("`" + text + "` has no port");
            }
            number = defaultPort;
        } else {
            number = port.matches("[0-9]{1,5}") ? Integer.parseInt(port) : 0;
        }
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("`" + port + "` is not a port from 1 to 65535");
        }
        return Connection.to(host, number);
    }
}
