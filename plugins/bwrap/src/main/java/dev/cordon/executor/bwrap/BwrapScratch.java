package dev.cordon.executor.bwrap;

import dev.cordon.linux.Arch;
import dev.cordon.linux.SeccompProgram;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The executor's private directory (mode 700, in {@code /dev/shm} when there is one) for the files
 * bwrap reads through descriptors. The
 * seccomp programs depend only on the architecture and the socket policy, so each is written once;
 * each run adds its options and status files and removes them when it ends.
 */
final class BwrapScratch implements AutoCloseable {

    private static final Path SHARED_MEMORY = Path.of("/dev/shm");

    private final AtomicLong runs = new AtomicLong();
    private final Map<SeccompProgram.Sockets, Path> programs = new EnumMap<>(SeccompProgram.Sockets.class);
    private Path directory;

    /** The seccomp program file for a socket policy. */
    synchronized Path seccomp(Arch arch, SeccompProgram.Sockets sockets) throws IOException {
        Path program = programs.get(sockets);
        if (program == null || !Files.isRegularFile(program)) {
            program = directory().resolve("seccomp-" + sockets.name().toLowerCase(java.util.Locale.ROOT) + ".bpf");
            Files.write(program, SeccompProgram.build(arch, sockets));
            program.toFile().deleteOnExit();
            programs.put(sockets, program);
        }
        return program;
    }

    /** The files of one run: its options, the seccomp program, and an empty status file. */
    BwrapRunFiles newRun(byte[] options, Path seccomp) throws IOException {
        String name = "run-" + runs.incrementAndGet();
        Path directory = directory();
        Path optionsFile = directory.resolve(name + ".args");
        Path statusFile = directory.resolve(name + ".status");
        try {
            Files.write(optionsFile, options);
            Files.write(statusFile, new byte[0]);
        } catch (IOException e) {
            Files.deleteIfExists(optionsFile);
            throw e;
        }
        return new BwrapRunFiles(optionsFile, seccomp, statusFile);
    }

    private synchronized Path directory() throws IOException {
        if (directory == null || !Files.isDirectory(directory)) {
            // Memory-backed when the machine has it: these small files are made and removed per run.
            directory = Files.isDirectory(SHARED_MEMORY) && Files.isWritable(SHARED_MEMORY)
                    ? Files.createTempDirectory(SHARED_MEMORY, "cordon-bwrap-")
                    : Files.createTempDirectory("cordon-bwrap-");
            directory.toFile().deleteOnExit();
            programs.clear();
        }
        return directory;
    }

    @Override
    public synchronized void close() {
        if (directory == null) {
            return;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                Files.deleteIfExists(entry);
            }
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // What is left holds no secret beyond a finished run's options; the JVM removes it at exit.
        }
        directory = null;
        programs.clear();
    }
}
