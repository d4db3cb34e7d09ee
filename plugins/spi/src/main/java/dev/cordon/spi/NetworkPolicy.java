package dev.cordon.spi;

import java.util.List;

/**
 * Network access of a confined command.
 *
 * @param mode none, an allow-list, or everything
 * @param allow {@code host:port} entries (a host may be a name or an address; port {@code *} for
 *     any) reachable when the mode is {@link Mode#ALLOW_LIST}
 * @param deny entries refused even when the mode is {@link Mode#FULL}
 * @param proxy for {@link Mode#ALLOW_LIST} when the command is about to run: the egress proxy
 *     that enforces the lists, which the executor must make the sandbox's only way out; null
 *     otherwise (an executor given an allow-list without a proxy refuses it)
 */
public record NetworkPolicy(Mode mode, List<String> allow, List<String> deny, ProxyEndpoint proxy) {

    public NetworkPolicy {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
        if (proxy != null && mode != Mode.ALLOW_LIST) {
            throw new IllegalArgumentException("only an allow-list goes through the egress proxy");
        }
    }

    /** A policy as the profile states it, before any proxy runs. */
    public NetworkPolicy(Mode mode, List<String> allow, List<String> deny) {
        this(mode, allow, deny, null);
    }

    public static final NetworkPolicy NONE = new NetworkPolicy(Mode.NONE, List.of(), List.of());

    /** The same policy, enforced through {@code endpoint}. */
    public NetworkPolicy through(ProxyEndpoint endpoint) {
        return new NetworkPolicy(mode, allow, deny, endpoint);
    }

    public enum Mode {
        NONE,
        ALLOW_LIST,
        FULL
    }
}
