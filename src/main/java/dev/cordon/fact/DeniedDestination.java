package dev.cordon.fact;

/**
 * One entry of the profile's {@code network.deny}: a destination no command may name, whatever the
 * network mode. Executors that share the host network cannot refuse single destinations, so the
 * policy refuses the commands that name them.
 *
 * @param entry the entry as the profile gives it ({@code host}, {@code host:port}, {@code [v6]:port})
 * @param host the host or address part, compared case-insensitively
 */
public record DeniedDestination(String entry, String host) {

    public static DeniedDestination of(String entry) {
        String host = entry.strip();
        if (host.startsWith("[") && host.indexOf(']') > 0) {
            host = host.substring(1, host.indexOf(']'));
        } else if (host.indexOf(':') > 0 && host.indexOf(':') == host.lastIndexOf(':')) {
            host = host.substring(0, host.indexOf(':'));
        }
        return new DeniedDestination(entry, host.toLowerCase(java.util.Locale.ROOT));
    }

    /** Whether the text names this destination: the host with no letter, digit, dot or dash glued on. */
    public boolean namedIn(String text) {
        if (text == null || host.isEmpty()) {
            return false;
        }
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        for (int at = lower.indexOf(host); at >= 0; at = lower.indexOf(host, at + 1)) {
            int end = at + host.length();
            if (boundary(lower, at - 1) && boundary(lower, end)) {
                return true;
            }
        }
        return false;
    }

    private static boolean boundary(String text, int index) {
        if (index < 0 || index >= text.length()) {
            return true;
        }
        char c = text.charAt(index);
        return !(Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_');
    }
}
