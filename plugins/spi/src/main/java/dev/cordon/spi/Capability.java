package dev.cordon.spi;

/** A property of isolation that an executor can guarantee. */
public enum Capability {
    /** Writes are confined to the request's write roots. */
    WRITE_ISOLATION,
    /** Reads are confined to the request's read roots and hidden paths stay unreadable. */
    READ_ISOLATION,
    /** Network access follows the request's network policy. */
    NETWORK_ISOLATION,
    /** Process, memory, CPU and file-size limits are enforced. */
    RESOURCE_LIMITS,
    /** Every process the command starts is ended with it, including on timeout. */
    PROCESS_TREE
}
