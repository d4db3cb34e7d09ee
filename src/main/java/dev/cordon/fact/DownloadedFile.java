package dev.cordon.fact;

/**
 * Derived by the rules: a file (or a folder an archive was unpacked into) that holds what a
 * command fetched from the network earlier in the line.
 *
 * @param path the file or folder, normalised
 * @param download the command that fetched it
 * @param writer the command that wrote it (the download itself, a pipe's last filter, or {@code tar -x})
 */
public record DownloadedFile(String path, Command download, Command writer) {
}
