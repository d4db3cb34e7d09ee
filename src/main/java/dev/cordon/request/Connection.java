package dev.cordon.request;

import dev.cordon.net.IpLiteral;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a network request wants to connect.
 *
 * @param host the host as asked for: a name or an address literal (IPv6 without brackets)
 * @param port the TCP port, 1 to 65535
 * @param address the address the host resolved to, or null before resolution (for a literal it is
 *     the literal itself)
 */
public record Connection(String host, int port, String address) {

    /** The longest name DNS can carry. */
    public static final int MAX_HOST_LENGTH = 253;

    /** Labels of letters, digits, {@code -} and {@code _} (which real names use), with an optional final dot. */
    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\\.)*"
            + "[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\\.?");

    public Connection {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("a connection needs a host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not between 1 and 65535");
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(".") && host.length() > 1) {
            host = host.substring(0, host.length() - 1);
        }
    }

    /** Whether a host is a name DNS could carry or an address literal (IPv6 without brackets). */
    public static boolean validHost(String host) {
        return host != null && !host.isEmpty() && host.length() <= MAX_HOST_LENGTH
                && (NAME.matcher(host).matches() || IpLiteral.is(host));
    }

    /** Before resolution. */
    public static Connection to(String host, int port) {
        return new Connection(host, port, null);
    }

    /** The same destination, resolved to {@code resolved}. */
    public Connection at(String resolved) {
        return new Connection(host, port, resolved);
    }

    /** {@code host:port}, the IPv6 host in brackets. */
    public String hostPort() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
