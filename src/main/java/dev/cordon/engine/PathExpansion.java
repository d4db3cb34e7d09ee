package dev.cordon.engine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * The expansions the shell applies to a file word before the program sees it: braces
 * ({@code /etc/{passwd,hosts}}) and wildcards ({@code /etc/shad*}). Without them a denied file
 * could be named by a pattern that no denied-path glob matches as text.
 */
final class PathExpansion {

    /** More than this is refused rather than checked partly. */
    static final int LIMIT = 256;

    private PathExpansion() {
    }

    /** Whether the word has a wildcard the shell would expand against the file system. */
    static boolean hasWildcard(String word) {
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch == '*' || ch == '?' || ch == '[') {
                return true;
            }
        }
        return false;
    }

    /**
     * Expands {@code {a,b}} alternatives, nested ones included.
     *
     * @throws IllegalArgumentException when the expansion has more than {@link #LIMIT} words
     */
    static List<String> braces(String word) {
        List<String> out = new ArrayList<>();
        expandBraces(word, out);
        return out;
    }

    private static void expandBraces(String word, List<String> out) {
        int open = -1;
        int depth = 0;
        List<Integer> commas = new ArrayList<>();
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch == '{') {
                if (depth++ == 0) {
                    open = i;
                    commas.clear();
                }
            } else if (ch == ',' && depth == 1) {
                commas.add(i);
            } else if (ch == '}' && depth > 0 && --depth == 0) {
                if (commas.isEmpty()) {
                    continue;
                }
                String head = word.substring(0, open);
                String tail = word.substring(i + 1);
                int start = open + 1;
                List<Integer> ends = new ArrayList<>(commas);
                ends.add(i);
                for (int end : ends) {
                    expandBraces(head + word.substring(start, end) + tail, out);
                    start = end + 1;
                }
                return;
            }
        }
        if (out.size() >= LIMIT) {
            throw new IllegalArgumentException("`" + word + "` expands to more than " + LIMIT + " paths");
        }
        out.add(word);
    }

    /**
     * The existing files a normalised absolute path with wildcards names, like the shell's
     * pathname expansion (hidden files included, to err on the safe side).
     *
     * @throws IllegalArgumentException when more than {@link #LIMIT} files match
     */
    static List<String> wildcards(String normalized) {
        List<String> current = List.of("/");
        String[] segments = normalized.substring(1).split("/");
        for (String segment : segments) {
            List<String> next = new ArrayList<>();
            for (String dir : current) {
                String base = dir.equals("/") ? "" : dir;
                if (!hasWildcard(segment)) {
                    next.add(base + "/" + segment);
                    continue;
                }
                PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + segment);
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of(dir.isEmpty() ? "/" : dir))) {
                    for (Path entry : entries) {
                        if (matcher.matches(entry.getFileName())) {
                            next.add(base + "/" + entry.getFileName());
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // An unreadable folder expands to nothing, as in the shell; the word itself is still checked.
                }
                if (next.size() > LIMIT) {
                    throw new IllegalArgumentException("`" + normalized + "` matches more than " + LIMIT + " files");
                }
            }
            current = next;
        }
        List<String> existing = new ArrayList<>();
        for (String path : current) {
            if (Files.exists(Path.of(path))) {
                existing.add(path);
            }
        }
        // Sorted as the shell sorts its matches (in the C locale), not in the order the disk lists them.
        existing.sort(null);
        return existing;
    }
}
