package dev.cordon.spi;

import java.util.List;

/**
 * Network access of a confined command.
 *
 * @param mode none, an allow-list, or everything
 * @param allow {@code host:port} entries (a host may be a name or an address; port {@code *} for
 *     any) reachable when the mode is {@link Mode#ALLOW_LIST}
 * @param deny entries refused even when the mode is {@link Mode#FULL}
 */
public record NetworkPolicy(Mode mode, List<String> allow, List<String> deny) {

    public NetworkPolicy {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
    }

    public static final NetworkPolicy NONE = new NetworkPolicy(Mode.NONE, List.of(), List.of());

    public enum Mode {
        NONE,
        ALLOW_LIST,
        FULL
    }
}
