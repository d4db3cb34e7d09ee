package dev.cordon.fact;

import dev.cordon.profile.Endpoints;
import dev.cordon.profile.Profile;
import java.net.URI;
import java.util.Locale;

/**
 * A fetch from the network by one of the agent's own tools (not by a command, which the sandbox
 * confines). The profile's network settings apply to it as they would to a command.
 *
 * @param url the URL as given, or null for a web search (no single destination)
 * @param host the destination's host, lower case, or null when unknown
 * @param port the destination's port, or 0 when unknown
 * @param permitted whether the profile's network settings let it through: the network is on and,
 *     with an allow-list, the list covers {@code host:port}
 */
public record WebRequest(String url, String host, int port, boolean permitted) {

    /** The request for a URL (null for a search) under a profile's network settings. */
    public static WebRequest of(String url, Profile.Network network) {
        String host = null;
        int port = 0;
        if (url != null) {
            try {
                URI uri = URI.create(url.strip());
                if (uri.getHost() != null) {
                    host = uri.getHost().toLowerCase(Locale.ROOT);
                    if (host.startsWith("[") && host.endsWith("]")) {
                        host = host.substring(1, host.length() - 1);
                    }
                    port = uri.getPort() > 0 ? uri.getPort() : "http".equalsIgnoreCase(uri.getScheme()) ? 80 : 443;
                }
            } catch (IllegalArgumentException e) {
                // Not a URL cordon can read: no known destination, which only an open network permits.
            }
        }
        return new WebRequest(url, host, port, permitted(network, host, port));
    }

    private static boolean permitted(Profile.Network network, String host, int port) {
        if (!network.enabled()) {
            return false;
        }
        if (network.allow().isEmpty()) {
            return true;
        }
        String wanted = host == null ? null : (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        for (String entry : network.allow()) {
            if (wanted == null ? Endpoints.covers(entry, "*:*") : Endpoints.covers(entry, wanted)) {
                return true;
            }
        }
        return false;
    }

    /** {@code host} or {@code host:port}, or a phrase when the destination is unknown. */
    public String destination() {
        return host == null ? "an unknown destination" : host + ":" + port;
    }
}
