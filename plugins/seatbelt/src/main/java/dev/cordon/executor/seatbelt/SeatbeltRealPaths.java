package dev.cordon.executor.seatbelt;

import dev.cordon.spi.Confinement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Seatbelt compares the real path of a file, after symlinks, with the profile: on macOS
 * {@code /tmp/x} is {@code /private/tmp/x}, and a rule naming {@code /tmp/x} would match nothing.
 * This adds, for every path of a confinement, its real path: the real path of its longest
 * existing prefix with the rest appended, so paths that do not exist yet resolve too. The given
 * path is kept beside it: a deny rule must also hold for the link itself (replacing a protected
 * symlink is a write to the link's own path).
 */
final class SeatbeltRealPaths {

    private SeatbeltRealPaths() {
    }

    static Confinement resolve(Confinement confinement) {
        return new Confinement(real(confinement.workspace()), withReal(confinement.readRoots()),
                withReal(confinement.writeRoots()), withReal(confinement.readOnlyPaths()),
                withReal(confinement.hiddenPaths()), confinement.network(), confinement.limits());
    }

    private static List<Path> withReal(List<Path> paths) {
        Set<Path> out = new LinkedHashSet<>();
        for (Path path : paths) {
            out.add(path);
            out.add(real(path));
        }
        return new ArrayList<>(out);
    }

    /** The real path of {@code path}'s longest existing prefix, with the rest appended. */
    static Path real(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            Path resolved = existing.toRealPath();
            return resolved.resolve(existing.relativize(absolute)).normalize();
        } catch (IOException e) {
            // A dangling link or an unreadable directory: the rule keeps the path as given.
            return absolute;
        }
    }
}
