package dev.cordon.executor.bwrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files a wrapped launch passes to bwrap through descriptors, on disk in the executor's private
 * directory (the wrapper shell opens them by path). Closing removes the run's own files; the
 * seccomp program is shared and stays.
 *
 * @param options the NUL-separated options for {@code --args}
 * @param seccomp the seccomp program
 * @param status where bwrap writes its JSON status
 */
record BwrapRunFiles(Path options, Path seccomp, Path status) implements BwrapLaunchFiles {

    @Override
    public String statusText() {
        try {
            return Files.readString(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(options);
            Files.deleteIfExists(status);
        } catch (IOException e) {
            // The executor's directory is removed when it closes.
        }
    }
}
