package dev.cordon.fact;

import dev.cordon.net.AddressKind;
import dev.cordon.net.IpLiteral;
import dev.cordon.request.Connection;
import java.util.List;

/**
 * Where a network connection goes: the host as asked for and, once resolved, the address the
 * proxy would connect to. A host that is an address literal is its own address.
 *
 * @param host the host name or address literal, lower case, without a trailing dot
 * @param port the TCP port
 * @param address the canonical address, or null while only the name is known
 * @param kind what kind of place the address is, or null while only the name is known
 * @param literal whether the host is itself an address
 */
public record Destination(String host, int port, String address, AddressKind kind, boolean literal)
        implements Subject {

    public static Destination of(Connection connection) {
        byte[] literal = IpLiteral.parse(connection.host());
        if (literal != null) {
            return new Destination(IpLiteral.text(literal), connection.port(), IpLiteral.text(literal),
                    AddressKind.of(literal), true);
        }
        byte[] resolved = connection.address() == null ? null : IpLiteral.parse(connection.address());
        if (connection.address() != null && resolved == null) {
            throw new IllegalArgumentException("`" + connection.address() + "` is not an address");
        }
        return new Destination(connection.host(), connection.port(), resolved == null ? null : IpLiteral.text(resolved),
                resolved == null ? null : AddressKind.of(resolved), false);
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    public String hostPort() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** The address bytes, or null while unresolved. */
    public byte[] addressBytes() {
        return address == null ? null : IpLiteral.parse(address);
    }

    /** Link-local: where cloud metadata services answer; never reachable. */
    public boolean linkLocal() {
        return kind == AddressKind.LINK_LOCAL;
    }

    /** Inside the machine or its networks: reachable only when an entry names the address. */
    public boolean internal() {
        return kind != null && kind.internal();
    }

    /** How the address is described to the agent: {@code a loopback address}. */
    public String kindText() {
        if (kind == null) {
            return "an unresolved name";
        }
        return switch (kind) {
            case PUBLIC -> "a public address";
            case LOOPBACK -> "a loopback address (this machine)";
            case PRIVATE -> "a private-network address";
            case SHARED -> "a carrier-grade NAT address";
            case LINK_LOCAL -> "a link-local address";
            case UNSPECIFIED -> "an unspecified address (this machine)";
            case MULTICAST -> "a multicast or broadcast address";
            case RESERVED -> "a reserved address";
        };
    }

    @Override
    public String describe() {
        return "connection to `" + hostPort() + "`" + (address != null && !literal ? " (" + address + ")" : "");
    }

    /** No standing approval covers a connection: the egress proxy never asks. */
    @Override
    public boolean coveredBy(List<String> prefix) {
        return false;
    }
}
