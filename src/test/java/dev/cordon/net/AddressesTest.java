package dev.cordon.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AddressesTest {

    @Test
    void literalsAreReadStrictlyAndNeverLookedUp() {
        assertEquals("127.0.0.1", IpLiteral.text(IpLiteral.parse("127.0.0.1")));
        assertEquals("2001:db8::1", IpLiteral.text(IpLiteral.parse("2001:DB8:0:0:0:0:0:1")));
        assertEquals("::1", IpLiteral.text(IpLiteral.parse("::1")));
        assertEquals("fe80::", IpLiteral.text(IpLiteral.parse("fe80::")));
        assertEquals("192.168.1.1", IpLiteral.text(IpLiteral.parse("::ffff:192.168.1.1")), "mapped addresses are IPv4");
        for (String notLiteral : new String[] {"127.1", "0x7f.0.0.1", "2130706433", "127.0.0.01", "256.1.1.1",
                "localhost", "1.2.3.4.5", "", "[::1]", "::g"}) {
            assertNull(IpLiteral.parse(notLiteral), notLiteral);
        }
    }

    @Test
    void rangesHoldTheirAddressesOnly() {
        IpRange ten = IpRange.of("10.0.0.0/8");
        assertTrue(ten.contains(IpLiteral.parse("10.255.0.1")));
        assertFalse(ten.contains(IpLiteral.parse("11.0.0.1")));
        assertFalse(ten.contains(IpLiteral.parse("::a00:1")), "an IPv6 address is never in an IPv4 block");
        IpRange odd = IpRange.of("172.16.0.0/12");
        assertTrue(odd.contains(IpLiteral.parse("172.31.255.255")));
        assertFalse(odd.contains(IpLiteral.parse("172.32.0.0")));
        assertTrue(IpRange.of("1.2.3.4").contains(IpLiteral.parse("1.2.3.4")));
        assertFalse(IpRange.of("1.2.3.4").contains(IpLiteral.parse("1.2.3.5")));
        assertNull(IpRange.parse("10.0.0.0/33"));
        assertNull(IpRange.parse("example.com/8"));
        assertEquals("fd00::/8", IpRange.of("fd00::/8").toString());
    }

    @Test
    void addressKindsCoverTheMachineAndItsNetworks() {
        Map<String, AddressKind> kinds = Map.ofEntries(
                Map.entry("8.8.8.8", AddressKind.PUBLIC),
                Map.entry("2606:4700::1111", AddressKind.PUBLIC),
                Map.entry("127.0.0.1", AddressKind.LOOPBACK),
                Map.entry("127.255.0.9", AddressKind.LOOPBACK),
                Map.entry("::1", AddressKind.LOOPBACK),
                Map.entry("10.1.2.3", AddressKind.PRIVATE),
                Map.entry("192.168.0.1", AddressKind.PRIVATE),
                Map.entry("fd12::1", AddressKind.PRIVATE),
                Map.entry("100.100.100.200", AddressKind.SHARED),
                Map.entry("169.254.169.254", AddressKind.LINK_LOCAL),
                Map.entry("fe80::1", AddressKind.LINK_LOCAL),
                Map.entry("0.0.0.0", AddressKind.UNSPECIFIED),
                Map.entry("::", AddressKind.UNSPECIFIED),
                Map.entry("224.0.0.1", AddressKind.MULTICAST),
                Map.entry("255.255.255.255", AddressKind.MULTICAST),
                Map.entry("64:ff9b::a9fe:a9fe", AddressKind.LINK_LOCAL),
                Map.entry("::7f00:1", AddressKind.LOOPBACK),
                Map.entry("240.0.0.1", AddressKind.RESERVED));
        kinds.forEach((address, kind) -> assertEquals(kind, AddressKind.of(IpLiteral.parse(address)), address));
    }
}
