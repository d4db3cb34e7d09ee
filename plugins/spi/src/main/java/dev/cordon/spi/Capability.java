package dev.cordon.spi;

/** A property of isolation that an executor can guarantee. */
public enum Capability {
    /** Writes are confined to the request's write roots. */
    WRITE_ISOLATION,
    /** Reads are confined to the request's read roots and hidden paths stay unreadable. */
    READ_ISOLATION,
    /** The network can be turned off, and refused destinations stay unreachable. */
    NETWORK_ISOLATION,
    /**
     * Only the {@code host:port} entries of an allow-list are reachable (needs a filtering proxy
     * or equivalent); an executor without it refuses allow-list policies.
     */
    NETWORK_ALLOW_LIST,
    /** Process, memory, CPU and file-size limits are enforced. */
    RESOURCE_LIMITS,
    /** Every process the command starts is ended with it, including on timeout. */
    PROCESS_TREE
}
