package dev.cordon.egress;

import dev.cordon.request.Connection;

/**
 * Decides the connections of the egress proxy: first the host as asked for, then each address a
 * name resolved to. Called off the proxy's event loop, from several threads at once.
 */
@FunctionalInterface
public interface EgressPolicy {

    EgressDecision decide(Connection connection);
}
