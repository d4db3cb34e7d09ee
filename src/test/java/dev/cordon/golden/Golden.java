package dev.cordon.golden;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Golden files: the whole output of a command and its exit code, compared with a file kept in
 * {@code src/test/resources/golden/}. Output is a contract, so a difference fails the test; to
 * change the output on purpose, run the test with {@code -Dcordon.golden.update=true}, which
 * writes the files anew, and review the diff before committing it (see the README there).
 */
public final class Golden {

    /** The system property that writes the golden files instead of comparing with them. */
    public static final String UPDATE = "cordon.golden.update";

    private static final Path DIR = Path.of(System.getProperty("cordon.root", ".")).toAbsolutePath()
            .resolve("src/test/resources/golden");

    private final Map<String, String> replacements = new LinkedHashMap<>();

    /**
     * Replaces a machine's own paths (the checkout, temp folders) with a placeholder such as
     * {@code <tmp>}, so the files read the same on every machine. Longer paths are replaced first.
     */
    public Golden replacing(Path path, String placeholder) {
        replacements.put(path.toAbsolutePath().normalize().toString(), placeholder);
        return this;
    }

    /** The output as it is compared: exit code, standard output, standard error. */
    public String render(int exitCode, String stdout, String stderr) {
        return normalize("exit: " + exitCode + "\n--- stdout\n" + stdout + (stdout.isEmpty() || stdout.endsWith("\n") ? "" : "\n")
                + "--- stderr\n" + stderr + (stderr.isEmpty() || stderr.endsWith("\n") ? "" : "\n"));
    }

    /** Fails unless {@code name} holds exactly this output; writes it instead when asked to. */
    public void check(String name, int exitCode, String stdout, String stderr) {
        String actual = render(exitCode, stdout, stderr);
        Path file = DIR.resolve(name);
        try {
            if (Boolean.getBoolean(UPDATE)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            if (!Files.isRegularFile(file)) {
                fail("no golden file " + DIR.relativize(file) + "; write it with -D" + UPDATE + "=true and review it");
            }
            String expected = Files.readString(file, StandardCharsets.UTF_8);
            if (!expected.equals(actual)) {
                fail("output differs from golden file " + DIR.relativize(file) + " (to change it on purpose, rerun with -D"
                        + UPDATE + "=true and review the diff):\n" + difference(expected, actual));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String normalize(String text) {
        List<Map.Entry<String, String>> ordered = new ArrayList<>(replacements.entrySet());
        ordered.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
        String out = text;
        for (Map.Entry<String, String> e : ordered) {
            out = out.replace(e.getKey(), e.getValue());
        }
        return out;
    }

    /** The first differing line with two lines of context on each side. */
    static String difference(String expected, String actual) {
        List<String> want = expected.lines().toList();
        List<String> got = actual.lines().toList();
        int first = 0;
        while (first < want.size() && first < got.size() && want.get(first).equals(got.get(first))) {
            first++;
        }
        StringBuilder out = new StringBuilder();
        for (int i = Math.max(0, first - 2); i < Math.min(Math.max(want.size(), got.size()), first + 3); i++) {
            String w = i < want.size() ? want.get(i) : "<end>";
            String g = i < got.size() ? got.get(i) : "<end>";
            if (w.equals(g)) {
                out.append("    ").append(i + 1).append("  ").append(w).append('\n');
            } else {
                out.append("  - ").append(i + 1).append("  ").append(w).append('\n');
                out.append("  + ").append(i + 1).append("  ").append(g).append('\n');
            }
        }
        return out.toString();
    }
}
