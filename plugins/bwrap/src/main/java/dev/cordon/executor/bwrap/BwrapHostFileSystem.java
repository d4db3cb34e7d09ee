package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.Placeholders;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The real host file system, read at planning time. */
final class BwrapHostFileSystem implements BwrapFileSystem {

    private static final Path ROOT = Path.of("/");

    private Optional<List<Object>> rootStamp = Optional.empty();
    private Map<Path, Path> rootLinks;

    @Override
    public Kind kind(Path path) {
        if (Placeholders.isHeld(path)) {
            return Kind.MISSING; // another run's stand-in, not the user's file
        }
        try {
            // One stat, following links, for both questions.
            return Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class).isDirectory()
                    ? Kind.DIRECTORY : Kind.FILE;
        } catch (IOException e) {
            return Kind.MISSING;
        }
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

    /**
     * The symlinks under {@code /}, read again only when {@code /} changed: adding, removing or
     * replacing an entry (a symlink cannot be changed in place) moves its modification and change
     * times. Listing {@code /} cost about 50 µs a run. What a stale list could do is little anyway:
     * the sandbox recreates a link only when what it points to is visible inside.
     */
    @Override
    public synchronized Map<Path, Path> rootSymlinks() {
        Optional<List<Object>> stamp = rootStamp();
        if (stamp.isEmpty() || !stamp.equals(rootStamp) || rootLinks == null) {
            rootLinks = listRootSymlinks();
            rootStamp = stamp;
        }
        return rootLinks;
    }

    private static Optional<List<Object>> rootStamp() {
        try {
            Map<String, Object> times = Files.readAttributes(ROOT, "unix:lastModifiedTime,ctime,ino,dev",
                    LinkOption.NOFOLLOW_LINKS);
            return Optional.of(List.of(times.get("lastModifiedTime"), times.get("ctime"), times.get("ino"), times.get("dev")));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty(); // not known: list every time
        }
    }

    private static Map<Path, Path> listRootSymlinks() {
        Map<Path, Path> links = new LinkedHashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(ROOT)) {
            for (Path entry : entries) {
                if (Files.isSymbolicLink(entry) && !Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    links.put(entry, Files.readSymbolicLink(entry));
                }
            }
        } catch (IOException e) {
            // Without the list the sandbox simply lacks the aliases; the mounts themselves still hold.
            return Map.of();
        }
        return java.util.Collections.unmodifiableMap(links);
    }
}
