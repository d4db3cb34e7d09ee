package dev.cordon.spi;

/**
 * Something the confinement refused, or a limit the command hit.
 *
 * @param kind what was refused
 * @param detail the evidence, e.g. {@code write to /etc/hosts: EACCES}
 */
public record Violation(Kind kind, String detail) {

    public enum Kind {
        FILE_READ,
        FILE_WRITE,
        NETWORK,
        SYSCALL,
        PROCESS_LIMIT,
        MEMORY_LIMIT,
        CPU_LIMIT,
        FILE_SIZE_LIMIT,
        TIMEOUT,
        OUTPUT_LIMIT
    }
}
