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
     * Whether the shell pattern {@code pattern} (a path with {@code *}, {@code ?} or {@code [...]}
     * that was not expanded) is aimed at files the glob matches ({@code *.pe?} at
     * {@code **}{@code /*.pem}). Not cached: patterns come from requests.
     */
    public static boolean aimed(String glob, String pattern) {
        try {
            return Glob.compile(pattern).aimedAt(compiled(glob));
        } catch (dev.cordon.path.InvalidGlobException e) {
            // A pattern the glob syntax cannot read is compared as text, as before.
            return matches(glob, pattern);
        }
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
