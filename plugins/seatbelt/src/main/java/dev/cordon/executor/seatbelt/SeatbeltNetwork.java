package dev.cordon.executor.seatbelt;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * The network rules of a profile. Seatbelt filters an outbound TCP connection by port, and by
 * host only as {@code localhost} or {@code *} (any host): it cannot name another host or address.
 * So an allow-list may hold {@code localhost:PORT} and {@code *:PORT} entries only, and a
 * destination that names another host is refused rather than silently allowed or ignored — with
 * one exception: a deny entry for a named host needs no rule when no allow entry could reach it.
 */
final class SeatbeltNetwork {

    static final String ANY = "*";
    static final String LOCALHOST = "localhost";

    private SeatbeltNetwork() {
    }

    /** One {@code host:port} entry of a policy; a missing or {@code *} port means any. */
    record Entry(String host, String port, String text) {

        boolean namesHost() {
            return !host.equals(ANY) && !host.equals(LOCALHOST);
        }

        String remote() {
            return host + ":" + port;
        }

        /**
         * Reads {@code host:port}, {@code host}, {@code [v6]:port}, {@code [v6]} or a bare IPv6
         * address (more than one colon, no brackets), which then means any port.
         */
        static Entry parse(String text) throws ExecutorException {
            String host;
            String port = ANY;
            int colons = text.length() - text.replace(":", "").length();
            if (text.startsWith("[")) {
                int close = text.indexOf(']');
                if (close < 0) {
                    throw new ExecutorException("network entry `" + text + "` has no closing `]`");
                }
                host = text.substring(1, close);
                String rest = text.substring(close + 1);
                if (!rest.isEmpty()) {
                    if (!rest.startsWith(":")) {
                        throw new ExecutorException("network entry `" + text + "` is not `host:port`");
                    }
                    port = rest.substring(1);
                }
            } else if (colons == 1) {
                host = text.substring(0, text.indexOf(':'));
                port = text.substring(text.indexOf(':') + 1);
            } else {
                host = text;
            }
            if (host.isEmpty()) {
                throw new ExecutorException("network entry `" + text + "` names no host");
            }
            if (!port.equals(ANY) && !validPort(port)) {
                throw new ExecutorException("network entry `" + text + "` has no valid port (1-65535 or `*`)");
            }
            return new Entry(host.toLowerCase(java.util.Locale.ROOT), port, text);
        }

        private static boolean validPort(String port) {
            if (port.isEmpty() || port.length() > 5 || !port.chars().allMatch(Character::isDigit)) {
                return false;
            }
            int value = Integer.parseInt(port);
            return value >= 1 && value <= 65535;
        }
    }

    /** The profile lines for a policy, in the order they must appear (later rules win). */
    static List<String> rules(NetworkPolicy policy) throws ExecutorException {
        List<String> lines = new ArrayList<>();
        List<Entry> allow = entries(policy.allow());
        List<Entry> deny = entries(policy.deny());
        switch (policy.mode()) {
            case NONE -> lines.add("(deny network*)");
            case FULL -> {
                lines.add("(allow network*)");
                lines.addAll(denyRules(deny, List.of(new Entry(ANY, ANY, "*"))));
            }
            case ALLOW_LIST -> {
                if (allow.isEmpty()) {
                    lines.add("(deny network*)");
                    break;
                }
                for (Entry entry : allow) {
                    if (entry.namesHost()) {
                        throw new ExecutorException("seatbelt cannot allow `" + entry.text()
                                + "`: it filters connections only to `localhost` or to any host (`*:PORT`), not by host name or address");
                    }
                }
                boolean anyHost = allow.stream().anyMatch(e -> e.host().equals(ANY));
                StringBuilder rule = new StringBuilder("(allow network-outbound");
                for (Entry entry : allow) {
                    rule.append("\n    (remote tcp ").append(SeatbeltText.literal(entry.remote())).append(')');
                }
                lines.add(rule.append(')').toString());
                if (anyHost) {
                    // Name resolution goes through mDNSResponder; without it no host name resolves.
                    lines.add("(allow network-outbound (literal \"/private/var/run/mDNSResponder\"))");
                    lines.add("(allow mach-lookup (global-name \"com.apple.dnssd.service\"))");
                }
                lines.addAll(denyRules(deny, allow));
            }
        }
        return lines;
    }

    /**
     * Deny rules for the entries Seatbelt can express. An entry naming a host can be neither
     * expressed nor left out when an allowed any-host entry could reach it on the same port.
     */
    private static List<String> denyRules(List<Entry> deny, List<Entry> allowed) throws ExecutorException {
        List<String> lines = new ArrayList<>();
        for (Entry entry : deny) {
            if (!entry.namesHost()) {
                lines.add("(deny network-outbound (remote tcp " + SeatbeltText.literal(entry.remote()) + "))");
            } else if (allowed.stream().anyMatch(a -> a.host().equals(ANY) && samePort(a, entry))) {
                throw new ExecutorException("seatbelt cannot refuse `" + entry.text()
                        + "` while any host is reachable on its port: it filters connections only to `localhost` or to any host");
            }
        }
        return lines;
    }

    private static boolean samePort(Entry a, Entry b) {
        return a.port().equals(ANY) || b.port().equals(ANY) || a.port().equals(b.port());
    }

    private static List<Entry> entries(List<String> texts) throws ExecutorException {
        List<Entry> entries = new ArrayList<>();
        for (String text : texts) {
            entries.add(Entry.parse(text.trim()));
        }
        return entries;
    }
}
