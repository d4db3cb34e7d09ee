package dev.cordon.fact;

/**
 * A glob of the profile's denied or allowed paths.
 *
 * @param list which list it belongs to
 * @param glob the glob over normalised paths
 */
public record PathPattern(PathList list, String glob) {

    public PathPattern {
        Globs.compiled(glob);
    }

    /** Whether the access's path or real file matches: a denied pattern refuses both. */
    public boolean hits(FileAccess access) {
        return access.hits(glob);
    }

    /** Whether the access's path and real file both match: an allowed pattern must cover both. */
    public boolean covers(FileAccess access) {
        return access.within(glob);
    }
}
