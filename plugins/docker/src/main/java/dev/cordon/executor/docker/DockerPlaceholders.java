package dev.cordon.executor.docker;

import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Empty directories that stand in, during a run, for protected paths that do not exist yet: a
 * mount needs a mount point, and docker would otherwise create one on the host and leave it
 * there. Runs of this JVM share a placeholder and the last one removes it; only an empty
 * directory is removed, so nothing a user put there is ever deleted.
 */
final class DockerPlaceholders {

    private static final Map<Path, Integer> HELD = new HashMap<>();

    private DockerPlaceholders() {
    }

    /** The placeholders of one run; closing it removes those no other run holds. */
    static final class Reservation implements AutoCloseable {

        private final List<Path> paths = new ArrayList<>();

        @Override
        public void close() {
            for (Path path : paths) {
                release(path);
            }
            paths.clear();
        }
    }

    /**
     * Creates each placeholder, or joins one another run of this JVM holds.
     *
     * @throws ExecutorException when a path appeared on the host since the plan was made
     */
    static synchronized Reservation reserve(List<Path> paths) throws ExecutorException {
        Reservation reservation = new Reservation();
        for (Path path : paths) {
            try {
                if (!HELD.containsKey(path)) {
                    Files.createDirectory(path);
                }
            } catch (FileAlreadyExistsException e) {
                reservation.close();
                throw new ExecutorException("protected path `" + path + "` appeared while the container was prepared", e);
            } catch (IOException e) {
                reservation.close();
                throw new ExecutorException("cannot create the mount point for protected path `" + path + "`: " + e.getMessage(), e);
            }
            HELD.merge(path, 1, Integer::sum);
            reservation.paths.add(path);
        }
        return reservation;
    }

    private static synchronized void release(Path path) {
        Integer count = HELD.get(path);
        if (count == null) {
            return;
        }
        if (count > 1) {
            HELD.put(path, count - 1);
            return;
        }
        HELD.remove(path);
        try {
            Files.deleteIfExists(path);
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            // Not empty: something was put there after all; it stays for the user to see.
        } catch (IOException e) {
            // Left behind as an empty directory; harmless.
        }
    }
}
