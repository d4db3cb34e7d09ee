package dev.cordon.path;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Makes paths comparable before they are matched against globs.
 *
 * <ul>
 *   <li>Unix absolute paths: repeated slashes and {@code .}/{@code ..} collapsed, never above
 *       {@code /} ({@code /etc/../etc/passwd} is {@code /etc/passwd}).
 *   <li>{@code ~} and {@code ~/x} expand to the home directory.
 *   <li>Windows drive paths: lower-case drive letter, forward slashes ({@code C:\Users\x} is
 *       {@code c:/Users/x}); the {@code \\?\} prefix is dropped; segments lose the trailing dots
 *       and spaces and the {@code ::$DATA} stream suffix that Windows ignores when opening them.
 *   <li>UNC paths stay absolute: {@code \\srv\share\x} is {@code //srv/share/x}, never above the
 *       share.
 *   <li>Relative paths resolve against the working directory.
 * </ul>
 *
 * <p>Normalising is a pure string function; only {@link #resolveReal(String)} looks at the file
 * system. With {@link Style#POSIX} a leading {@code //} is collapsed like the kernel does, so a
 * UNC path is recognised only by its backslashes; with {@link Style#WINDOWS} {@code //srv/share}
 * is a UNC path and backslashes separate segments everywhere.
 */
public final class PathNormalizer {

    /** How ambiguous input is read: as the host operating system reads it. */
    public enum Style {
        POSIX,
        WINDOWS;

        /** The style of the machine cordon runs on. */
        public static Style host() {
            return java.io.File.separatorChar == '\\' ? WINDOWS : POSIX;
        }
    }

    private final String home;
    private final String cwd;
    private final Style style;

    /**
     * @param home the home directory {@code ~} expands to, or null when unknown
     * @param cwd the directory relative paths resolve against, or null when unknown
     * @param style how ambiguous input is read
     */
    public PathNormalizer(String home, String cwd, Style style) {
        this.style = style;
        this.home = home == null ? null : normalizeAbsolute(home, style, "home directory");
        this.cwd = cwd == null ? null : normalizeAbsolute(cwd, style, "working directory");
    }

    public PathNormalizer(String home, String cwd) {
        this(home, cwd, Style.host());
    }

    /** Normalises one path with the host's style. */
    public static String normalize(String path, String home, String cwd) {
        return new PathNormalizer(home, cwd).normalize(path);
    }

    /**
     * Returns the comparable form of a path.
     *
     * @throws IllegalArgumentException for an empty path, a NUL character, {@code ~} without a
     *     home, or a relative path without a working directory
     */
    public String normalize(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("empty path");
        }
        if (path.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("path `" + path.replace('\0', '?') + "` contains a NUL character");
        }
        String expanded = expandHome(path);
        if (isAbsoluteInput(expanded)) {
            return absolute(expanded);
        }
        if (cwd == null) {
            throw new IllegalArgumentException("relative path `" + path + "` without a working directory");
        }
        String separator = isWindows(cwd) ? "\\" : "/";
        return absolute(cwd + separator + expanded);
    }

    /** Whether a normalised path is a Windows drive or UNC path (compared case-insensitively). */
    public static boolean isWindowsPath(String normalized) {
        return hasDrive(normalized) || normalized.startsWith("//");
    }

    /**
     * Resolves symbolic links in a normalised Unix path on this machine, like {@code realpath -m}:
     * every existing component is resolved, a link that points nowhere yet is followed to where
     * a write would land, and the part that does not exist is kept as written. Other paths (and
     * everything on Windows) are returned unchanged.
     *
     * @throws IllegalArgumentException when links loop or cannot be read, so the caller refuses
     *     the path instead of guessing
     */
    public static String resolveReal(String normalized) {
        return new RealPaths().resolve(normalized);
    }

    private String expandHome(String path) {
        if (!path.equals("~") && !path.startsWith("~/") && !path.startsWith("~\\")) {
            return path;
        }
        if (home == null) {
            throw new IllegalArgumentException("path `" + path + "` uses `~` but the home directory is unknown");
        }
        return path.length() == 1 ? home : home + path.substring(1);
    }

    private boolean isAbsoluteInput(String path) {
        return path.startsWith("/") || path.startsWith("\\") || hasDrive(path);
    }

    private String absolute(String path) {
        String extendedRemoved = stripExtendedPrefix(path);
        if (hasDrive(extendedRemoved)) {
            String root = Character.toLowerCase(extendedRemoved.charAt(0)) + ":/";
            return root + String.join("/", collapse(windowsSegments(extendedRemoved.substring(2))));
        }
        if (extendedRemoved.startsWith("\\\\") || (style == Style.WINDOWS && extendedRemoved.startsWith("//"))) {
            return unc(extendedRemoved.substring(2));
        }
        if (style == Style.WINDOWS) {
            return "/" + String.join("/", collapse(windowsSegments(extendedRemoved)));
        }
        if (extendedRemoved.startsWith("\\")) {
            // A single leading backslash on Unix is a file name character: relative to cwd.
            if (cwd == null) {
                throw new IllegalArgumentException("relative path `" + path + "` without a working directory");
            }
            return absolute(cwd + "/" + extendedRemoved);
        }
        return "/" + String.join("/", collapse(segments(extendedRemoved)));
    }

    private static String unc(String rest) {
        List<String> parts = windowsSegments(rest);
        List<String> named = new ArrayList<>();
        for (String part : parts) {
            if (!part.isEmpty()) {
                named.add(part);
            }
        }
        if (named.isEmpty()) {
            throw new IllegalArgumentException("UNC path without a server");
        }
        int rootSize = Math.min(2, named.size());
        String root = "//" + String.join("/", named.subList(0, rootSize));
        List<String> below = collapse(named.subList(rootSize, named.size()));
        return below.isEmpty() ? root : root + "/" + String.join("/", below);
    }

    /** {@code \\?\C:\x} is {@code C:\x}; {@code \\?\UNC\srv\share} is {@code \\srv\share}. */
    private static String stripExtendedPrefix(String path) {
        if (path.startsWith("\\\\?\\") || path.startsWith("//?/")) {
            String rest = path.substring(4);
            if (rest.regionMatches(true, 0, "UNC\\", 0, 4) || rest.regionMatches(true, 0, "UNC/", 0, 4)) {
                return "\\\\" + rest.substring(4);
            }
            return rest;
        }
        return path;
    }

    private static boolean hasDrive(String path) {
        return path.length() >= 2
                && path.charAt(1) == ':'
                && isAsciiLetter(path.charAt(0))
                && (path.length() == 2 || path.charAt(2) == '/' || path.charAt(2) == '\\');
    }

    private static boolean isWindows(String normalized) {
        return isWindowsPath(normalized);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= path.length(); i++) {
            if (i == path.length() || path.charAt(i) == '/') {
                out.add(path.substring(start, i));
                start = i + 1;
            }
        }
        return out;
    }

    private static List<String> windowsSegments(String path) {
        List<String> out = new ArrayList<>();
        for (String raw : segments(path.replace('\\', '/'))) {
            out.add(windowsSegment(raw));
        }
        return out;
    }

    /** Windows opens {@code secret.txt. } and {@code secret.txt::$DATA} as {@code secret.txt}. */
    private static String windowsSegment(String segment) {
        if (segment.equals(".") || segment.equals("..")) {
            return segment;
        }
        String out = segment;
        if (out.toUpperCase(Locale.ROOT).endsWith("::$DATA")) {
            out = out.substring(0, out.length() - "::$DATA".length());
        }
        int end = out.length();
        while (end > 0 && (out.charAt(end - 1) == '.' || out.charAt(end - 1) == ' ')) {
            end--;
        }
        return end == 0 ? "." : out.substring(0, end);
    }

    /** Drops empty and {@code .} segments and applies {@code ..}, never above the root. */
    private static List<String> collapse(List<String> segments) {
        List<String> out = new ArrayList<>();
        for (String segment : segments) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (!out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                continue;
            }
            out.add(segment);
        }
        return out;
    }

    private static String normalizeAbsolute(String path, Style style, String what) {
        PathNormalizer bare = new PathNormalizer(style);
        if (!bare.isAbsoluteInput(path)) {
            throw new IllegalArgumentException(what + " `" + path + "` is not absolute");
        }
        return bare.absolute(path);
    }

    private PathNormalizer(Style style) {
        this.home = null;
        this.cwd = null;
        this.style = style;
    }
}
