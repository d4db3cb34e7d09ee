package dev.cordon.executor.bwrap;

import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Empty files that stand in for protected paths that do not exist yet. A mask needs a mount point,
 * and a mount point inside a write root is a real file on the host: the executor creates it
 * before the run and removes it after. Runs of this JVM share a placeholder and the last one
 * removes it; inside the sandbox it is a mount point, so the command cannot remove or replace it.
 */
final class BwrapPlaceholders {

    /** Shared by every executor instance of this JVM: two runs in one workspace share a placeholder. */
    private static final Map<Path, Integer> HELD = new HashMap<>();

    private BwrapPlaceholders() {
    }

    /** Whether a run of this JVM holds {@code path} as a placeholder (the file is then not the user's). */
    static synchronized boolean isHeld(Path path) {
        return HELD.containsKey(path);
    }

    /**
     * Creates each placeholder, or joins one another run already holds.
     *
     * @throws ExecutorException when a path appeared on the host since the plan was made
     */
    static synchronized Reservation reserve(List<Path> paths) throws ExecutorException {
        Reservation reservation = new Reservation();
        for (Path path : paths) {
            try {
                if (!HELD.containsKey(path)) {
                    Files.createFile(path);
                }
            } catch (FileAlreadyExistsException e) {
                reservation.close();
                throw new ExecutorException("protected path `" + path + "` appeared while the sandbox was prepared", e);
            } catch (IOException e) {
                reservation.close();
                throw new ExecutorException("cannot create the mount point for protected path `" + path + "`: " + e, e);
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
            // Only ever remove what is still the empty file made here.
            if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && Files.size(path) == 0) {
                Files.delete(path);
            }
        } catch (IOException e) {
            // The empty file stays; it held no data.
        }
    }

    /** The placeholders one run holds; closing releases them. */
    static final class Reservation implements AutoCloseable {

        private final List<Path> paths = new ArrayList<>();

        List<Path> paths() {
            return List.copyOf(paths);
        }

        @Override
        public void close() {
            for (Path path : paths) {
                release(path);
            }
            paths.clear();
        }
    }
}
