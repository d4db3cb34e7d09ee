package dev.cordon.fact;

/**
 * Derived by the rules: the access is to a device that holds no data ({@code /dev/null},
 * {@code /dev/urandom}, the standard streams), which shell commands use all the time
 * ({@code 2>/dev/null}) and which the allowed-paths and approval gates leave alone.
 *
 * @param access the access
 */
public record DataFreeDevice(FileAccess access) {
}
