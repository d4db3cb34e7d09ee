package dev.cordon.linux;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads small kernel files in one read. {@code Files.readString} must not be used on sysctl
 * files: it reads a zero-size file one byte first, and a sysctl read at a non-zero offset
 * returns nothing, so {@code cap_last_cap} would read as {@code 4} instead of {@code 40}.
 */
final class ProcFiles {

    private static final int MAX = 64 * 1024;

    private ProcFiles() {
    }

    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(MAX), StandardCharsets.UTF_8);
        }
    }

    /** The file's first number, or {@code missing} when it is absent or not a number. */
    static long number(Path file, long missing) {
        try {
            return Long.parseLong(read(file).trim().split("\\s+")[0]);
        } catch (IOException | NumberFormatException e) {
            return missing;
        }
    }
}
