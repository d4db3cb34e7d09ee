package dev.cordon.executor.bwrap;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A view of the host's files that asks each question once: one plan resolves many paths that
 * share their leading directories. It lives for one plan only, so it never serves a stale answer
 * to a later run.
 */
final class BwrapFileMemo implements BwrapFileSystem {

    private final BwrapFileSystem files;
    private final Map<Path, Kind> kinds = new HashMap<>();
    private final Map<Path, Optional<Path>> links = new HashMap<>();
    private Map<Path, Path> rootSymlinks;

    BwrapFileMemo(BwrapFileSystem files) {
        this.files = files;
    }

    @Override
    public Kind kind(Path path) {
        return kinds.computeIfAbsent(path, files::kind);
    }

    @Override
    public Optional<Path> symlinkTarget(Path path) {
        return links.computeIfAbsent(path, files::symlinkTarget);
    }

    @Override
    public Map<Path, Path> rootSymlinks() {
        if (rootSymlinks == null) {
            rootSymlinks = files.rootSymlinks();
        }
        return rootSymlinks;
    }
}
