package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.NetworkPolicy.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeatbeltNetworkTest {

    /** The cloud metadata entries the built-in profiles always deny. */
    private static final List<String> METADATA = List.of("169.254.169.254", "fd00:ec2::254", "metadata.google.internal");

    @Test
    void noneDeniesEveryNetworkOperation() throws Exception {
        assertEquals(List.of("(deny network*)"), SeatbeltNetwork.rules(new NetworkPolicy(Mode.NONE, List.of("*:443"), METADATA)));
    }

    @Test
    void fullAllowsEverythingAndStillRefusesPortsOfAnyHostAndOfLocalhost() throws Exception {
        assertEquals(List.of("(allow network*)",
                        "(deny network-outbound (remote tcp \"*:25\"))",
                        "(deny network-outbound (remote tcp \"localhost:*\"))"),
                SeatbeltNetwork.rules(new NetworkPolicy(Mode.FULL, List.of(), List.of("*:25", "localhost"))));
    }

    @Test
    void fullCannotRefuseANamedHost() {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> SeatbeltNetwork.rules(new NetworkPolicy(Mode.FULL, List.of(), METADATA)));
        assertEquals("seatbelt cannot refuse `169.254.169.254` while any host is reachable on its port:"
                + " it filters connections only to `localhost` or to any host", error.getMessage());
    }

    @Test
    void anAllowListOfLocalhostLeavesNamedDenyEntriesImplied() throws Exception {
        assertEquals(List.of("(allow network-outbound\n    (remote tcp \"localhost:3000\")\n    (remote tcp \"localhost:*\"))",
                        "(deny network-outbound (remote tcp \"localhost:5432\"))"),
                SeatbeltNetwork.rules(new NetworkPolicy(Mode.ALLOW_LIST, List.of("localhost:3000", "LOCALHOST:*"),
                        concat(METADATA, "localhost:5432"))));
    }

    @Test
    void anAnyHostEntryAddsNameResolution() throws Exception {
        assertEquals(List.of("(allow network-outbound\n    (remote tcp \"*:443\"))",
                        "(allow network-outbound (literal \"/private/var/run/mDNSResponder\"))",
                        "(allow mach-lookup (global-name \"com.apple.dnssd.service\"))"),
                SeatbeltNetwork.rules(new NetworkPolicy(Mode.ALLOW_LIST, List.of("*:443"), List.of("169.254.169.254:80"))));
    }

    @Test
    void anAnyHostEntryCannotCoexistWithANamedDenyOnTheSamePort() {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> SeatbeltNetwork.rules(new NetworkPolicy(Mode.ALLOW_LIST, List.of("*:443"), METADATA)));
        assertEquals("seatbelt cannot refuse `169.254.169.254` while any host is reachable on its port:"
                + " it filters connections only to `localhost` or to any host", error.getMessage());
    }

    @Test
    void anAllowListNamingAHostIsRefusedRatherThanPretended() {
        for (String entry : List.of("registry.npmjs.org:443", "127.0.0.1:8080", "[::1]:8080")) {
            ExecutorException error = assertThrows(ExecutorException.class,
                    () -> SeatbeltNetwork.rules(new NetworkPolicy(Mode.ALLOW_LIST, List.of(entry), List.of())));
            assertEquals("seatbelt cannot allow `" + entry + "`: it filters connections only to `localhost` or to any host"
                    + " (`*:PORT`), not by host name or address", error.getMessage());
        }
    }

    @Test
    void anEmptyAllowListIsNoNetwork() throws Exception {
        assertEquals(List.of("(deny network*)"), SeatbeltNetwork.rules(new NetworkPolicy(Mode.ALLOW_LIST, List.of(), METADATA)));
    }

    @Test
    void entriesAreReadWithTheirPortOrAnyPort() throws Exception {
        assertEquals(new SeatbeltNetwork.Entry("localhost", "8080", "localhost:8080"), SeatbeltNetwork.Entry.parse("localhost:8080"));
        assertEquals(new SeatbeltNetwork.Entry("fd00:ec2::254", "*", "fd00:ec2::254"), SeatbeltNetwork.Entry.parse("fd00:ec2::254"));
        assertEquals(new SeatbeltNetwork.Entry("::1", "22", "[::1]:22"), SeatbeltNetwork.Entry.parse("[::1]:22"));
        assertEquals(new SeatbeltNetwork.Entry("example.com", "*", "example.com"), SeatbeltNetwork.Entry.parse("example.com"));
    }

    @Test
    void aBadPortIsRefused() {
        for (String entry : List.of("localhost:0", "localhost:65536", "localhost:http", "localhost:", ":80", "[::1")) {
            assertThrows(ExecutorException.class, () -> SeatbeltNetwork.Entry.parse(entry), entry);
        }
        ExecutorException error = assertThrows(ExecutorException.class, () -> SeatbeltNetwork.Entry.parse("localhost:http"));
        assertEquals("network entry `localhost:http` has no valid port (1-65535 or `*`)", error.getMessage());
    }

    private static List<String> concat(List<String> list, String more) {
        List<String> out = new java.util.ArrayList<>(list);
        out.add(more);
        return out;
    }
}
