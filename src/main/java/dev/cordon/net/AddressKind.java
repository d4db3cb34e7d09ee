package dev.cordon.net;

import java.util.Arrays;
import java.util.List;

/**
 * What kind of place an address is, as far as reaching it from a sandbox goes. Everything but
 * {@link #PUBLIC} is inside the machine or its networks.
 */
public enum AddressKind {
    /** Routed on the internet. */
    PUBLIC,
    /** The machine itself: 127.0.0.0/8, ::1. */
    LOOPBACK,
    /** Private networks: 10/8, 172.16/12, 192.168/16, unique-local fc00::/7, site-local fec0::/10. */
    PRIVATE,
    /** Carrier-grade NAT (100.64/10): the provider's network, where some clouds keep services. */
    SHARED,
    /** Link-local (169.254/16, fe80::/10): where cloud metadata services live. */
    LINK_LOCAL,
    /** "This host" (0.0.0.0/8, ::): reaches the machine itself on Linux. */
    UNSPECIFIED,
    /** Multicast and broadcast. */
    MULTICAST,
    /** Reserved and benchmarking blocks that are never on the internet. */
    RESERVED;

    private record Block(IpRange range, AddressKind kind) {
    }

    private static final List<Block> BLOCKS = List.of(
            new Block(IpRange.of("127.0.0.0/8"), LOOPBACK),
            new Block(IpRange.of("::1/128"), LOOPBACK),
            new Block(IpRange.of("10.0.0.0/8"), PRIVATE),
            new Block(IpRange.of("172.16.0.0/12"), PRIVATE),
            new Block(IpRange.of("192.168.0.0/16"), PRIVATE),
            new Block(IpRange.of("fc00::/7"), PRIVATE),
            new Block(IpRange.of("fec0::/10"), PRIVATE),
            new Block(IpRange.of("100.64.0.0/10"), SHARED),
            new Block(IpRange.of("169.254.0.0/16"), LINK_LOCAL),
            new Block(IpRange.of("fe80::/10"), LINK_LOCAL),
            new Block(IpRange.of("0.0.0.0/8"), UNSPECIFIED),
            new Block(IpRange.of("::/128"), UNSPECIFIED),
            new Block(IpRange.of("224.0.0.0/4"), MULTICAST),
            new Block(IpRange.of("255.255.255.255/32"), MULTICAST),
            new Block(IpRange.of("ff00::/8"), MULTICAST),
            new Block(IpRange.of("240.0.0.0/4"), RESERVED),
            new Block(IpRange.of("198.18.0.0/15"), RESERVED),
            new Block(IpRange.of("192.0.0.0/24"), RESERVED));

    /**
     * IPv6 prefixes that carry an IPv4 address in their last 32 bits, which decides. (IPv4-mapped
     * addresses, {@code ::ffff:a.b.c.d}, arrive as IPv4 already: the JDK folds them.)
     */
    private static final List<IpRange> EMBEDDING_V4 = List.of(IpRange.of("64:ff9b::/96"), IpRange.of("::/96"));
    /** {@code ::} and {@code ::1} are in {@code ::/96} but are IPv6 addresses of their own. */
    private static final IpRange UNSPECIFIED_OR_LOOPBACK_V6 = IpRange.of("::/127");

    public static AddressKind of(byte[] address) {
        for (IpRange embedding : EMBEDDING_V4) {
            if (embedding.contains(address) && !UNSPECIFIED_OR_LOOPBACK_V6.contains(address)) {
                return of(Arrays.copyOfRange(address, 12, 16));
            }
        }
        for (Block block : BLOCKS) {
            if (block.range().contains(address)) {
                return block.kind();
            }
        }
        return PUBLIC;
    }

    /** Inside the machine or its networks, so reachable only when an entry names the address. */
    public boolean internal() {
        return this != PUBLIC;
    }
}
