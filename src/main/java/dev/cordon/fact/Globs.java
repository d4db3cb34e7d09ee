package dev.cordon.fact;

import dev.cordon.path.Glob;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled globs shared by every decision: rules name globs as text, and compiling one per
 * evaluation would cost more than the decision itself.
 */
public final class Globs {

    /** Bounds the cache: patterns come from rule files and profiles, not from requests. */
    private static final int MAX_CACHED = 4096;
    private static final Map<String, Glob> CACHE = new ConcurrentHashMap<>();

    private Globs() {
    }

    /** Whether the normalised path matches the glob. */
    public static boolean matches(String glob, String path) {
        return compiled(glob).matches(path);
    }

    /**
     * A path holding {@code *}, {@code ?} or {@code [...]} that was not expanded, compiled as a
     * shell pattern; null when the glob syntax cannot read it. Not cached: patterns come from
     * requests.
     */
    public static Glob pattern(String path) {
        try {
            return Glob.compile(path);
        } catch (dev.cordon.path.InvalidGlobException e) {
            return null;
        }
    }

    /**
     * Whether the shell pattern ({@link #pattern}) is aimed at files the glob matches
     * ({@code *.pe?} at {@code **}{@code /*.pem}); a pattern that could not be compiled is
     * compared as text.
     */
    public static boolean aimed(String glob, Glob pattern, String path) {
        return pattern == null ? matches(glob, path) : pattern.aimedAt(compiled(glob));
    }

    /**
     * Compiles (or returns the cached) glob, so malformed globs fail when facts are built.
     *
     * @throws dev.cordon.path.InvalidGlobException for a malformed glob
     */
    public static Glob compiled(String glob) {
        Glob compiled = CACHE.get(glob);
        if (compiled == null) {
            compiled = Glob.compile(glob);
            if (CACHE.size() < MAX_CACHED) {
                CACHE.put(glob, compiled);
            }
        }
        return compiled;
    }
}
