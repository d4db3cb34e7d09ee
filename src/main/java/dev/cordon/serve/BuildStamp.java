package dev.cordon.serve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a distribution was built as: {@code lib/version}, its version and build time, written by
 * the build. The launcher sends it with every hook call; a service of another build stops, so
 * the next call starts one of the caller's build.
 */
public final class BuildStamp {

    private BuildStamp() {
    }

    /** The stamp of the distribution at {@code home}, or {@code unknown} when it has none. */
    public static String of(Path home) {
        try {
            String text = Files.readString(home.resolve("lib").resolve("version"), StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            return (end < 0 ? text : text.substring(0, end)).strip() + " " + home;
        } catch (IOException e) {
            return "unknown " + home;
        }
    }
}
