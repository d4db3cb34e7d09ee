package dev.cordon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's packages form layers: no package depends, directly or through others, on a package
 * that depends on it. A cycle is reported with one file for each edge that closes it.
 */
class PackageCyclesTest {

    private static final Path SOURCES = Path.of(System.getProperty("cordon.root", ".")).resolve("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.cordon(?:\\.[a-z]\\w*)+)\\.(?:[A-Z*])");
    private static final Pattern COMMENTS_AND_STRINGS =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'", Pattern.DOTALL);

    @Test
    void corePackagesHaveNoCycles() throws IOException {
        Map<String, Map<String, String>> edges = dependencies(SOURCES);
        assertTrue(edges.size() > 10, "read only " + edges.size() + " packages under " + SOURCES);
        List<String> cycles = new ArrayList<>();
        for (Set<String> component : new Components(edges).strong()) {
            if (component.size() > 1) {
                cycles.add(describe(component, edges));
            }
        }
        assertEquals(List.of(), cycles);
    }

    @Test
    void aCycleIsFound() {
        Map<String, Map<String, String>> edges = Map.of(
                "a", Map.of("b", "A.java"), "b", Map.of("c", "B.java"), "c", Map.of("a", "C.java"), "d", Map.of("a", "D.java"));
        List<Set<String>> cyclic = new Components(edges).strong().stream().filter(c -> c.size() > 1).toList();
        assertEquals(List.of(Set.of("a", "b", "c")), cyclic);
    }

    @Test
    void referencesInCommentsAndStringsAreNotDependencies() {
        String source = """
                package dev.cordon.a;
                import dev.cordon.b.Thing;
                /** See {@link dev.cordon.c.Other}. */
                class X { String s = "dev.cordon.d.Name"; dev.cordon.e.Type t; // dev.cordon.f.G
                }
                """;
        assertEquals(Set.of("dev.cordon.b", "dev.cordon.e"), referenced(source));
    }

    /** The members, and one shortest cycle through the first of them with a file for each step. */
    private static String describe(Set<String> component, Map<String, Map<String, String>> edges) {
        String start = new TreeSet<>(component).first();
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty() && !cameFrom.containsKey(start)) {
            String node = queue.poll();
            for (String next : new TreeSet<>(edges.getOrDefault(node, Map.of()).keySet())) {
                if (component.contains(next) && !cameFrom.containsKey(next)) {
                    cameFrom.put(next, node);
                    queue.add(next);
                }
            }
        }
        List<String> steps = new ArrayList<>();
        String to = start;
        do {
            String from = cameFrom.get(to);
            steps.add(0, from + " -> " + to + " (" + edges.get(from).get(to) + ")");
            to = from;
        } while (!to.equals(start));
        return "cycle among " + new TreeSet<>(component) + ", for instance:\n  " + String.join("\n  ", steps);
    }

    /** Package to (package it uses to one file that uses it). */
    private static Map<String, Map<String, String>> dependencies(Path root) throws IOException {
        Map<String, Map<String, String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(file -> {
                String source = read(file);
                Matcher declared = PACKAGE.matcher(source);
                if (!declared.find()) {
                    return;
                }
                String from = declared.group(1);
                Map<String, String> targets = edges.computeIfAbsent(from, k -> new TreeMap<>());
                for (String to : referenced(source)) {
                    if (!to.equals(from)) {
                        targets.putIfAbsent(to, root.relativize(file).toString());
                    }
                }
            });
        }
        return edges;
    }

    private static Set<String> referenced(String source) {
        String code = COMMENTS_AND_STRINGS.matcher(source).replaceAll(" ");
        Matcher declared = PACKAGE.matcher(code);
        Set<String> packages = new TreeSet<>();
        Matcher reference = REFERENCE.matcher(code);
        int start = declared.find() ? declared.end() : 0;
        while (reference.find(start)) {
            packages.add(reference.group(1));
            start = reference.end();
        }
        return packages;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Tarjan's strongly connected components. */
    private static final class Components {

        private final Map<String, Map<String, String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> found = new ArrayList<>();

        Components(Map<String, Map<String, String>> edges) {
            this.edges = edges;
        }

        List<Set<String>> strong() {
            for (String node : new TreeSet<>(edges.keySet())) {
                if (!index.containsKey(node)) {
                    visit(node);
                }
            }
            return found;
        }

        private void visit(String node) {
            index.put(node, index.size());
            low.put(node, index.get(node));
            stack.push(node);
            onStack.add(node);
            for (String next : new TreeSet<>(edges.getOrDefault(node, Map.of()).keySet())) {
                if (!index.containsKey(next)) {
                    visit(next);
                    low.put(node, Math.min(low.get(node), low.get(next)));
                } else if (onStack.contains(next)) {
                    low.put(node, Math.min(low.get(node), index.get(next)));
                }
            }
            if (low.get(node).equals(index.get(node))) {
                Set<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(node));
                found.add(component);
            }
        }
    }
}
