package dev.cordon.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Turns a host name into addresses for the egress proxy, which then connects to exactly the
 * address it checked: no second lookup that a short-lived DNS answer could change. The system
 * resolver in production; a fixed map in tests.
 */
public interface Resolver {

    /**
     * The addresses of a name, in the order to try them; never empty.
     *
     * @throws UnknownHostException when the name has no address
     */
    List<InetAddress> resolve(String host) throws UnknownHostException;

    /** The operating system's resolver ({@code /etc/hosts}, DNS), as the JDK calls it. */
    Resolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));
}
