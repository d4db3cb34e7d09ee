package dev.cordon.profile;

import dev.cordon.net.IpRange;
import java.util.regex.Pattern;

/**
 * Network entries: {@code host:port} for allow-lists, {@code host} or {@code host:port} for deny
 * lists. A host is a name ({@code *.example.com} for its subdomains, {@code *} for any), an
 * IPv4 address, an IPv6 address (in brackets when a port follows) or a block of addresses in
 * CIDR notation ({@code 10.0.0.0/8}, {@code [fd00::/8]:443}); a port is a number or {@code *}.
 */
final class Endpoints {

    private static final Pattern NAME = Pattern.compile("(\\*|(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?");

    /** Whether an entry must carry a port. */
    enum Port {
        REQUIRED,
        OPTIONAL
    }

    /** One parsed entry; port is {@code *} when the entry names none. */
    record Endpoint(String host, String port) {
    }

    private Endpoints() {
    }

    /** What is wrong with an entry, or null when it is fine. */
    static String problem(String entry, Port port) {
        Endpoint endpoint = parse(entry);
        if (endpoint == null) {
            return "expected `host:port` (host a name, `*.domain`, `*`, an address, `[ipv6]` or a cidr block such as"
                    + " `10.0.0.0/8`)";
        }
        if (port == Port.REQUIRED && !hasPort(entry)) {
            String host = endpoint.host().contains(":") ? "[" + endpoint.host() + "]" : entry;
            return "expected a port, as in `" + host + ":443` or `" + host + ":*`";
        }
        return null;
    }

    /** Whether {@code outer} allows at least everything {@code inner} allows. */
    static boolean covers(String outer, String inner) {
        Endpoint o = parse(outer);
        Endpoint i = parse(inner);
        if (o == null || i == null) {
            return false;
        }
        boolean port = o.port().equals("*") || o.port().equals(i.port());
        String oh = o.host().toLowerCase(java.util.Locale.ROOT);
        String ih = i.host().toLowerCase(java.util.Locale.ROOT);
        boolean host = oh.equals("*")
                || oh.equals(ih)
                || (oh.startsWith("*.") && !ih.startsWith("*") && ih.endsWith(oh.substring(1)))
                || (oh.startsWith("*.") && ih.startsWith("*.") && ih.endsWith(oh.substring(1)))
                || blockCovers(oh, ih);
        return port && host;
    }

    private static boolean blockCovers(String outer, String inner) {
        IpRange o = IpRange.parse(outer);
        IpRange i = IpRange.parse(inner);
        return o != null && i != null && o.prefix() <= i.prefix() && o.contains(i.network());
    }

    static Endpoint parse(String entry) {
        String host;
        String port = "*";
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            if (close < 0 || !IPV6.matcher(entry.substring(1, close)).matches()) {
                return null;
            }
            host = entry.substring(1, close);
            if (IpRange.parse(host) == null) {
                return null;
            }
            String rest = entry.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    return null;
                }
                port = rest.substring(1);
            }
        } else if (entry.indexOf(':') != entry.lastIndexOf(':')) {
            // Two or more colons without brackets: a bare IPv6 address or block, no port.
            if (!IPV6.matcher(entry).matches() || IpRange.parse(entry) == null) {
                return null;
            }
            host = entry;
        } else {
            int colon = entry.indexOf(':');
            host = colon < 0 ? entry : entry.substring(0, colon);
            if (colon >= 0) {
                port = entry.substring(colon + 1);
            }
            boolean block = host.indexOf('/') >= 0;
            if (block ? IpRange.parse(host) == null : !NAME.matcher(host).matches()) {
                return null;
            }
        }
        if (!validPort(port)) {
            return null;
        }
        return new Endpoint(host, port);
    }

    private static boolean hasPort(String entry) {
        if (entry.startsWith("[")) {
            return entry.indexOf("]:") > 0;
        }
        return entry.indexOf(':') >= 0 && entry.indexOf(':') == entry.lastIndexOf(':');
    }

    private static boolean validPort(String port) {
        if (port.equals("*")) {
            return true;
        }
        if (!port.matches("[0-9]{1,5}")) {
            return false;
        }
        int value = Integer.parseInt(port);
        return value >= 1 && value <= 65535;
    }
}
