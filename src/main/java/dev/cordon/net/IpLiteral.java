package dev.cordon.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Address literals, read strictly and without any name lookup: a dotted quad of decimal numbers
 * for IPv4, the usual colon forms for IPv6. Shorthands a resolver would also accept ({@code 127.1},
 * {@code 0x7f.0.0.1}, {@code 2130706433}) are not literals here: they stay names, which no
 * address entry matches, and what they resolve to is checked like any other answer.
 */
public final class IpLiteral {

    private static final Pattern IPV4 = Pattern.compile(
            "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private IpLiteral() {
    }

    /** The address a literal names (4 or 16 bytes; IPv4-mapped IPv6 gives 4), or null when it is not one. */
    public static byte[] parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 45) {
            return null;
        }
        boolean v4 = IPV4.matcher(text).matches();
        if (!v4 && !IPV6.matcher(text).matches()) {
            return null;
        }
        try {
            // A string of these shapes is only ever parsed, never looked up.
            return InetAddress.getByName(v4 ? text : "[" + text + "]").getAddress();
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    public static boolean is(String text) {
        return parse(text) != null;
    }

    /** The canonical text of an address: {@code 127.0.0.1}, {@code 2001:db8::1}. */
    public static String text(byte[] address) {
        try {
            String text = InetAddress.getByAddress(address).getHostAddress();
            return address.length == 16 ? compress(text) : text;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address: " + address.length + " bytes");
        }
    }

    /** Java writes every IPv6 group in full; the rest of the world shortens the longest run of zeros. */
    private static String compress(String full) {
        String[] groups = full.split(":");
        int bestStart = -1;
        int bestLength = 0;
        for (int i = 0; i < groups.length; i++) {
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength && j - i > 1) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(i, j);
        }
        if (bestStart < 0) {
            return full;
        }
        String head = String.join(":", Arrays.copyOfRange(groups, 0, bestStart));
        String tail = String.join(":", Arrays.copyOfRange(groups, bestStart + bestLength, groups.length));
        return head + "::" + tail;
    }
}
