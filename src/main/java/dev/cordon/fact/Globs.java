package dev.cordon.fact;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Compiled globs shared by every decision: rules name globs as text, and compiling one per
 * evaluation would cost more than the decision itself.
 */
public final class Globs {

    private static final int MAX_CACHED = 4096;
    private static final Map<String, Predicate<String>> CACHE = new ConcurrentHashMap<>();

    private Globs() {
    }

    /** Whether the normalised path matches the glob; a malformed glob is an error. */
    public static boolean matches(String glob, String path) {
        return compiled(glob).test(path);
    }

    /** Compiles (or returns the cached) matcher, so malformed globs fail when facts are built. */
    public static Predicate<String> compiled(String glob) {
        Predicate<String> matcher = CACHE.get(glob);
        if (matcher == null) {
            matcher = compile(glob);
            if (CACHE.size() < MAX_CACHED) {
                CACHE.put(glob, matcher);
            }
        }
        return matcher;
    }

    private static Predicate<String> compile(String glob) {
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
        boolean leadingAny = glob.startsWith("**/");
        PathMatcher rest = leadingAny ? FileSystems.getDefault().getPathMatcher("glob:" + glob.substring(3)) : null;
        boolean trailingAny = glob.endsWith("/**");
        String base = trailingAny ? glob.substring(0, glob.length() - 3) : null;
        PathMatcher baseMatcher = base == null || base.isEmpty() ? null
                : FileSystems.getDefault().getPathMatcher("glob:" + base);
        return path -> {
            Path p = Path.of(path);
            if (matcher.matches(p)) {
                return true;
            }
            if (rest != null && rest.matches(p)) {
                return true;
            }
            if (rest != null && path.startsWith("/") && rest.matches(Path.of(path.substring(1)))) {
                return true;
            }
            return baseMatcher != null && baseMatcher.matches(p);
        };
    }
}
