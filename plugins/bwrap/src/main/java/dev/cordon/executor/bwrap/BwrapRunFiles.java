package dev.cordon.executor.bwrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The files one launch passes to bwrap through descriptors, in a private directory (mode 700)
 * that is removed after the run.
 *
 * @param directory the private directory
 * @param options the NUL-separated options for {@code --args}
 * @param seccomp the seccomp program (empty when none is used)
 * @param status where bwrap writes its JSON status
 */
record BwrapRunFiles(Path directory, Path options, Path seccomp, Path status) implements AutoCloseable {

    static BwrapRunFiles create(byte[] options, byte[] seccompProgram) throws IOException {
        Path directory = Files.createTempDirectory("cordon-bwrap-");
        try {
            Path optionsFile = Files.write(directory.resolve("options"), options);
            Path seccompFile = Files.write(directory.resolve("seccomp.bpf"), seccompProgram);
            Path statusFile = Files.createFile(directory.resolve("status.json"));
            return new BwrapRunFiles(directory, optionsFile, seccompFile, statusFile);
        } catch (IOException | RuntimeException e) {
            delete(directory);
            throw e;
        }
    }

    /** What bwrap has written to its status file so far. */
    String statusText() {
        try {
            return Files.readString(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public void close() {
        delete(directory);
    }

    private static void delete(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                Files.deleteIfExists(entry);
            }
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // A leftover private directory holds only this run's options; nothing to act on.
        }
    }
}
