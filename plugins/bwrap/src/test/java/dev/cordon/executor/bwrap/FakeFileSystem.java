package dev.cordon.executor.bwrap;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A host described in memory: directories, files and symlinks, each parent implied. */
final class FakeFileSystem implements BwrapFileSystem {

    private final Map<Path, Kind> kinds = new HashMap<>();
    private final Map<Path, Path> links = new LinkedHashMap<>();

    FakeFileSystem dir(String path) {
        Path dir = Path.of(path);
        for (Path current = dir; current != null; current = current.getParent()) {
            kinds.putIfAbsent(current, Kind.DIRECTORY);
        }
        return this;
    }

    FakeFileSystem file(String path) {
        Path file = Path.of(path);
        dir(file.getParent().toString());
        kinds.put(file, Kind.FILE);
        return this;
    }

    FakeFileSystem link(String path, String target) {
        Path link = Path.of(path);
        dir(link.getParent().toString());
        links.put(link, Path.of(target));
        return this;
    }

    @Override
    public Kind kind(Path path) {
        Path real;
        try {
            real = realPath(path);
        } catch (IllegalArgumentException e) {
            return Kind.MISSING;
        }
        return kinds.getOrDefault(real, Kind.MISSING);
    }

    @Override
    public Optional<Path> symlinkTarget(Path path) {
        return Optional.ofNullable(links.get(path));
    }

    @Override
    public Map<Path, Path> rootSymlinks() {
        Map<Path, Path> top = new LinkedHashMap<>();
        links.forEach((link, target) -> {
            if (link.getParent() != null && link.getParent().equals(Path.of("/"))) {
                top.put(link, target);
            }
        });
        return top;
    }
}
