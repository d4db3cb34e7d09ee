package dev.cordon.path;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves symbolic links in normalised Unix paths as this machine has them now, like
 * {@code realpath -m} (see {@link PathNormalizer#resolveReal(String)}). One instance serves one
 * decision: it remembers each folder it examined, since the paths of one call share most of
 * their folders and each look is a system call. A new decision needs a new instance, so a link
 * created in between is seen.
 */
public final class RealPaths {

    /** The kernel gives up after 40 links; so do we, and refuse the path. */
    private static final int MAX_LINKS = 40;

    /** Each path examined, with its own attributes, or null when it does not exist. */
    private final Map<String, BasicFileAttributes> examined = new HashMap<>();
    private final Map<String, String> resolved = new HashMap<>();

    /**
     * @throws IllegalArgumentException when links loop or cannot be read, so the caller refuses
     *     the path instead of guessing
     */
    public String resolve(String normalized) {
        if (PathNormalizer.Style.host() != PathNormalizer.Style.POSIX || !normalized.startsWith("/")
                || normalized.startsWith("//")) {
            return normalized;
        }
        String known = resolved.get(normalized);
        if (known == null) {
            known = walk(normalized);
            resolved.put(normalized, known);
        }
        return known;
    }

    private String walk(String normalized) {
        Deque<String> todo = new ArrayDeque<>(PathNormalizer.segments(normalized.substring(1)));
        List<String> resolved = new ArrayList<>();
        boolean missing = false;
        int links = 0;
        while (!todo.isEmpty()) {
            String segment = todo.pollFirst();
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (!resolved.isEmpty()) {
                    resolved.remove(resolved.size() - 1);
                }
                continue;
            }
            resolved.add(segment);
            if (missing) {
                continue;
            }
            String candidate = "/" + String.join("/", resolved);
            BasicFileAttributes attributes = linkAttributes(candidate);
            if (attributes != null && attributes.isSymbolicLink()) {
                if (++links > MAX_LINKS) {
                    throw new IllegalArgumentException("too many levels of symbolic links in `" + normalized + "`");
                }
                String target = readLink(candidate, normalized);
                resolved.remove(resolved.size() - 1);
                if (target.startsWith("/")) {
                    resolved.clear();
                }
                List<String> parts = PathNormalizer.segments(target);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    todo.addFirst(parts.get(i));
                }
            } else if (attributes == null) {
                missing = true;
            }
        }
        return "/" + String.join("/", resolved);
    }

    /**
     * The path's own attributes, not its target's; null when it does not exist or cannot be
     * examined. One {@code lstat} answers both questions asked of each segment.
     */
    private BasicFileAttributes linkAttributes(String path) {
        if (examined.containsKey(path)) {
            return examined.get(path);
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(toPath(path), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            attributes = null;
        }
        examined.put(path, attributes);
        return attributes;
    }

    private static String readLink(String link, String normalized) {
        try {
            return Files.readSymbolicLink(toPath(link)).toString();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read symbolic link `" + link + "` in `" + normalized + "`", e);
        }
    }

    private static Path toPath(String path) {
        try {
            return Path.of(path);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("invalid path `" + path + "`", e);
        }
    }
}
