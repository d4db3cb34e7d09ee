package dev.cordon.fact;

import dev.cordon.net.IpRange;
import dev.cordon.profile.Profile;
import java.util.Locale;

/**
 * One entry of the profile's {@code network.allow} or {@code network.deny}: a host pattern or an
 * address block, and a port.
 *
 * @param list which list it is in
 * @param entry the entry as written
 * @param host the host pattern: a name, {@code *.domain} for its subdomains, or {@code *} for any;
 *     null for an address entry
 * @param range the address or block for an address entry, else null
 * @param port the port, or 0 for any
 */
public record NetworkEntry(NetworkList list, String entry, String host, IpRange range, int port) {

    /** The list an entry belongs to. */
    public enum NetworkList {
        ALLOW("network.allow"),
        DENY("network.deny");

        private final String key;

        NetworkList(String key) {
            this.key = key;
        }

        /** The profile key of the list. */
        public String key() {
            return key;
        }
    }

    /**
     * @throws IllegalArgumentException for an entry the profile reader would not have accepted
     */
    public static NetworkEntry of(NetworkList list, String entry) {
        String text = entry.strip();
        String hostPart = text;
        int port = 0;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("`" + entry + "` has no closing `]`");
            }
            hostPart = text.substring(1, close);
            port = port(entry, text.substring(close + 1));
        } else if (text.indexOf(':') >= 0 && text.indexOf(':') == text.lastIndexOf(':')) {
            hostPart = text.substring(0, text.indexOf(':'));
            port = port(entry, text.substring(text.indexOf(':')));
        }
        IpRange range = IpRange.parse(hostPart);
        String host = range == null ? hostPart.toLowerCase(Locale.ROOT) : null;
        if (host != null && host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        return new NetworkEntry(list, entry, host, range, port);
    }

    private static int port(String entry, String rest) {
        if (rest.isEmpty() || rest.equals(":*")) {
            return 0;
        }
        try {
            return Integer.parseInt(rest.substring(1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("`" + entry + "` has no valid port");
        }
    }

    /** The id a decision names: {@code network.allow[registry.npmjs.org:443]}. */
    public String id() {
        return Profile.itemKey(list.key(), entry);
    }

    /** Whether the entry covers the destination: its port, and its host by name or by address. */
    public boolean covers(Destination d) {
        return portMatches(d) && (namesHost(d) || namesAddress(d));
    }

    /** Whether this is an address entry whose block holds the destination's address, on its port. */
    public boolean namesAddressOf(Destination d) {
        return portMatches(d) && namesAddress(d);
    }

    private boolean portMatches(Destination d) {
        return port == 0 || port == d.port();
    }

    private boolean namesHost(Destination d) {
        if (host == null) {
            return false;
        }
        if (host.equals("*")) {
            return true;
        }
        if (host.startsWith("*.")) {
            return !d.literal() && d.host().endsWith(host.substring(1));
        }
        return host.equals(d.host());
    }

    private boolean namesAddress(Destination d) {
        return range != null && range.contains(d.addressBytes());
    }
}
