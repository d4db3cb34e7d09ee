package dev.cordon.executor.windows;

import dev.cordon.executor.windows.WindowsHostFiles.Kind;
import dev.cordon.executor.windows.WindowsLabel.Inheritance;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The integrity labels that make a Low-integrity command able to write its write roots and
 * nothing else: each write root labelled Low (inherited inside it), then each read-only path
 * inside one labelled Medium again, which a Low process cannot write. A read-only path that does
 * not exist yet gets a placeholder — an empty directory at the first missing name on the way to
 * it, created before the run, labelled Medium and removed after — so the command cannot create
 * it. Labels are applied shallow before deep and undone in reverse.
 *
 * @param labels in the order they are applied
 * @param placeholders directories to create before the labels are applied, canonical
 */
record WindowsLabelPlan(List<WindowsLabel> labels, List<String> placeholders) {

    WindowsLabelPlan {
        labels = List.copyOf(labels);
        placeholders = List.copyOf(placeholders);
    }

    static WindowsLabelPlan of(Confinement confinement, WindowsHostFiles files) throws ExecutorException {
        List<String> roots = new ArrayList<>();
        Map<String, WindowsLabel> labels = new LinkedHashMap<>();
        for (String root : byDepth(canonical(confinement.writeRoots()))) {
            Kind kind = files.kind(WindowsPaths.nativeForm(root));
            if (kind == Kind.MISSING || roots.stream().anyMatch(r -> WindowsPaths.inside(root, r))) {
                // Nothing to label, or the label of an enclosing root is inherited already.
                continue;
            }
            roots.add(root);
            labels.put(key(root), new WindowsLabel(root, WindowsIntegrity.LOW, inheritance(kind)));
        }
        Set<String> placeholders = new LinkedHashSet<>();
        for (String path : byDepth(canonical(confinement.readOnlyPaths()))) {
            String root = roots.stream().filter(r -> WindowsPaths.inside(path, r)).findFirst().orElse(null);
            if (root == null) {
                continue;
            }
            Kind kind = files.kind(WindowsPaths.nativeForm(path));
            String target = path;
            if (kind == Kind.MISSING) {
                target = topmostMissing(root, path, files);
                placeholders.add(target);
                kind = Kind.DIRECTORY;
            }
            labels.put(key(target), new WindowsLabel(target, WindowsIntegrity.MEDIUM, inheritance(kind)));
        }
        List<WindowsLabel> ordered = new ArrayList<>(labels.values());
        ordered.sort(Comparator.comparingInt(label -> WindowsPaths.depth(label.path())));
        return new WindowsLabelPlan(ordered, new ArrayList<>(placeholders));
    }

    private static Inheritance inheritance(Kind kind) {
        return kind == Kind.DIRECTORY ? Inheritance.CONTAINERS_AND_OBJECTS : Inheritance.NONE;
    }

    private static String topmostMissing(String root, String path, WindowsHostFiles files) {
        String current = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
        for (String name : path.substring(root.length()).split("/")) {
            if (name.isEmpty()) {
                continue;
            }
            current = current + "/" + name;
            if (files.kind(WindowsPaths.nativeForm(current)) == Kind.MISSING) {
                return current;
            }
        }
        return path;
    }

    private static String key(String canonical) {
        return canonical.toLowerCase(java.util.Locale.ROOT);
    }

    private static List<String> canonical(List<Path> paths) throws ExecutorException {
        Set<String> out = new LinkedHashSet<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Path path : paths) {
            String canonical = WindowsPaths.canonical(path.toString());
            if (seen.add(key(canonical))) {
                out.add(canonical);
            }
        }
        return new ArrayList<>(out);
    }

    private static List<String> byDepth(List<String> paths) {
        List<String> sorted = new ArrayList<>(paths);
        sorted.sort(Comparator.comparingInt(WindowsPaths::depth));
        return sorted;
    }
}
