package dev.cordon.rules;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.FileNames;
import dev.cordon.diagnostic.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds and reads the DRL files of rule folders: every {@code *.drl}, sorted by path. */
public final class RuleFiles {

    private RuleFiles() {
    }

    /**
     * @throws PolicyException when a folder or file cannot be read: a policy that cannot be read
     *     in full is not used at all
     */
    public static List<RuleFile> read(List<RuleDir> dirs) {
        List<RuleFile> files = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (RuleDir dir : dirs) {
            for (Path path : list(dir.dir(), problems)) {
                try {
                    String text = Files.readString(path, StandardCharsets.UTF_8);
                    long modified = Files.getLastModifiedTime(path).toMillis();
                    files.add(new RuleFile(path, FileNames.display(path), dir.layer(), dir.trust(), text, modified));
                } catch (IOException | UncheckedIOException e) {
                    problems.add(new Problem(FileNames.display(path), 0, 0, "cannot read rule file: " + e.getMessage()));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return files;
    }

    /**
     * What identifies the rules in force without reading them: each folder and, for each of its
     * files, path, size and modification time.
     *
     * @throws PolicyException when a folder or file cannot be examined
     */
    public static List<Object> fingerprint(List<RuleDir> dirs) {
        List<Object> key = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (RuleDir dir : dirs) {
            key.add(dir);
            for (Path path : list(dir.dir(), problems)) {
                try {
                    key.add(List.of(path.toAbsolutePath().toString(), Files.size(path),
                            Files.getLastModifiedTime(path).toMillis()));
                } catch (IOException e) {
                    problems.add(new Problem(FileNames.display(path), 0, 0, "cannot read rule file: " + e.getMessage()));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return List.copyOf(key);
    }

    /** The DRL files of a folder, sorted; a folder that does not exist has none. */
    public static List<Path> list(Path dir, List<Problem> problems) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".drl") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            problems.add(new Problem(FileNames.display(dir), 0, 0, "cannot list rule folder: " + e.getMessage()));
            return List.of();
        }
    }
}
