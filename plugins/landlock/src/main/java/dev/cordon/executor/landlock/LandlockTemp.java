package dev.cordon.executor.landlock;

import dev.cordon.executor.support.TempTrees;
import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's private temp. With a mount namespace, {@code /tmp}, {@code /var/tmp} and {@code
 * /dev/shm} are fresh, sized file systems of the run's own ({@code TMPDIR=/tmp}), gone with the
 * namespace. Without one, a fresh directory of the host's temp directory (mode 700) is the only
 * temp the command may write, named by {@code TMPDIR} and removed when the run ends; the shared
 * folders themselves are then outside every root, so writes to them are refused, not redirected.
 */
final class LandlockTemp implements AutoCloseable {

    /** The host's shared temp folders; never a root of a confined command. */
    static final List<Path> SHARED = List.of(Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/dev/shm"));

    private final Path dir;
    private final List<Path> mounted;
    private final boolean owned;

    private LandlockTemp(Path dir, List<Path> mounted, boolean owned) {
        this.dir = dir;
        this.mounted = List.copyOf(mounted);
        this.owned = owned;
    }

    /** Private temp file systems over the shared folders that exist here. */
    static LandlockTemp mounted() {
        List<Path> present = new ArrayList<>();
        for (Path shared : SHARED) {
            if (Files.isDirectory(shared, LinkOption.NOFOLLOW_LINKS)) {
                present.add(shared);
            }
        }
        return new LandlockTemp(present.isEmpty() ? SHARED.get(0) : present.get(0), present, false);
    }

    /** A fresh directory in the host's temp directory. */
    static LandlockTemp directory(String runId) throws ExecutorException {
        try {
            Path created = Files.createTempDirectory("cordon-run-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))).toRealPath();
            return new LandlockTemp(created, List.of(), true);
        } catch (IOException | UnsupportedOperationException e) {
            throw new ExecutorException("cannot make the private temp directory of run `" + runId + "`: " + e.getMessage(), e);
        }
    }

    /** What {@code TMPDIR} names inside. */
    Path dir() {
        return dir;
    }

    /** The folders that are the run's own file systems (empty without a mount namespace). */
    List<Path> mountedFolders() {
        return mounted;
    }

    /** The write roots the rules grant for temp. */
    List<Path> writeRoots() {
        return mounted.isEmpty() ? List.of(dir) : mounted;
    }

    @Override
    public void close() {
        if (owned) {
            TempTrees.delete(dir);
        }
    }
}
