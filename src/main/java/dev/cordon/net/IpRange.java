package dev.cordon.net;

import java.util.Arrays;

/**
 * An address or a block of addresses: {@code 10.0.0.0/8}, {@code fd00::/8}, or one address
 * ({@code /32}, {@code /128} implied).
 *
 * @param network the first address of the block (4 or 16 bytes)
 * @param prefix how many leading bits are fixed
 */
public record IpRange(byte[] network, int prefix) {

    public IpRange {
        network = network.clone();
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("prefix /" + prefix + " is longer than the address");
        }
    }

    /** An address or CIDR block, or null when the text is neither. */
    public static IpRange parse(String text) {
        int slash = text.indexOf('/');
        byte[] address = IpLiteral.parse(slash < 0 ? text : text.substring(0, slash));
        if (address == null) {
            return null;
        }
        int prefix = address.length * 8;
        if (slash >= 0) {
            String bits = text.substring(slash + 1);
            if (!bits.matches("[0-9]{1,3}")) {
                return null;
            }
            prefix = Integer.parseInt(bits);
            if (prefix > address.length * 8) {
                return null;
            }
        }
        return new IpRange(address, prefix);
    }

    /** A block written in the code, e.g. one of the well-known ranges. */
    public static IpRange of(String text) {
        IpRange range = parse(text);
        if (range == null) {
            throw new IllegalArgumentException("not an address range: " + text);
        }
        return range;
    }

    public boolean contains(byte[] address) {
        if (address == null || address.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (address[full] & mask) == (network[full] & mask);
    }

    @Override
    public byte[] network() {
        return network.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IpRange r && r.prefix == prefix && Arrays.equals(r.network, network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefix;
    }

    @Override
    public String toString() {
        return IpLiteral.text(network) + "/" + prefix;
    }
}
