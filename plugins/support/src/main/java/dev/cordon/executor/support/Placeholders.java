package dev.cordon.executor.support;

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
 * Empty files or directories that stand in, during a run, for protected paths that do not exist
 * yet. A mask needs a mount point, and a mount point inside a write root is a real entry on the
 * host: the executor creates it before the run and removes it after. Runs of this class loader
 * share a placeholder and the last one removes it; only an entry that is still empty is removed,
 * so nothing a user put there is ever deleted.
 */
public final class Placeholders {

    /** What stands in for a missing protected path. */
    public enum Kind {
        EMPTY_FILE,
        EMPTY_DIRECTORY
    }

    private static final Map<Path, Integer> HELD = new HashMap<>();

    private Placeholders() {
    }

    /** Whether a run holds {@code path} as a placeholder (the entry is then not the user's). */
    public static synchronized boolean isHeld(Path path) {
        return HELD.containsKey(path);
    }

    /**
     * Creates each placeholder, or joins one another run already holds.
     *
     * @param where what is being prepared, for messages ({@code sandbox}, {@code container})
     * @throws ExecutorException when a path appeared on the host since the plan was made, or
     *     cannot be created; nothing is left held then
     */
    public static synchronized Reservation reserve(List<Path> paths, Kind kind, String where)
            throws ExecutorException {
        Reservation reservation = new Reservation();
        for (Path path : paths) {
            try {
                if (!HELD.containsKey(path)) {
                    if (kind == Kind.EMPTY_FILE) {
                        Files.createFile(path);
                    } else {
                        Files.createDirectory(path);
                    }
                }
            } catch (FileAlreadyExistsException e) {
                reservation.close();
                throw new ExecutorException("protected path `" + path + "` appeared while the " + where
                        + " was prepared", e);
            } catch (IOException e) {
                reservation.close();
                throw new ExecutorException("cannot create the mount point for protected path `" + path + "`: "
                        + e.getMessage(), e);
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
            if (isEmptyFile(path)) {
                Files.delete(path);
            } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(path);
            }
        } catch (IOException e) {
            // Not empty after all (something was put there) or already gone: it stays for the user.
        }
    }

    private static boolean isEmptyFile(Path path) throws IOException {
        return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && Files.size(path) == 0;
    }

    /** The placeholders one run holds; closing releases them. */
    public static final class Reservation implements AutoCloseable {

        private final List<Path> paths = new ArrayList<>();

        public List<Path> paths() {
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
