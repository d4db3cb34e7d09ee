package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.Placeholders;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The real host file system, read at planning time. */
final class BwrapHostFileSystem implements BwrapFileSystem {

    @Override
    public Kind kind(Path path) {
        if (Placeholders.isHeld(path)) {
            return Kind.MISSING; // another run's stand-in, not the user's file
        }
        if (Files.isDirectory(path)) {
            return Kind.DIRECTORY;
        }
        return Files.exists(path) ? Kind.FILE : Kind.MISSING;
    }

    @Override
    public Optional<Path> symlinkTarget(Path path) {
        if (!Files.isSymbolicLink(path)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readSymbolicLink(path));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public Map<Path, Path> rootSymlinks() {
        Map<Path, Path> links = new LinkedHashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/"))) {
            for (Path entry : entries) {
                if (Files.isSymbolicLink(entry) && !Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    links.put(entry, Files.readSymbolicLink(entry));
                }
            }
        } catch (IOException e) {
            // Without the list the sandbox simply lacks the aliases; the mounts themselves still hold.
            return Map.of();
        }
        return links;
    }
}
