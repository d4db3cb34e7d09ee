package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Property-style checks over many generated paths and patterns (fixed seeds, so a failure
 * reproduces): the automaton agrees with a straightforward regular-expression reading of the
 * glob, {@code **} behaves as documented, and {@link Glob#isWithin} never claims a containment
 * that a path contradicts.
 */
class GlobPropertyTest {

    private static final String[] NAMES = {"a", "b", "ab", ".env", ".ssh", "x.pem", "id_rsa", "w"};

    @Test
    void leadingGlobstarMatchesExactlyThePathsEndingInThatSegment() {
        Random random = new Random(1);
        for (int i = 0; i < 2000; i++) {
            String path = randomPath(random);
            String name = NAMES[random.nextInt(NAMES.length)];
            boolean expected = path.equals(name) || path.endsWith("/" + name);
            assertEquals(expected, Glob.compile("**/" + name).matches(path), path + " vs **/" + name);
        }
    }

    @Test
    void trailingGlobstarMatchesTheDirectoryAndEverythingBelow() {
        Random random = new Random(2);
        for (int i = 0; i < 2000; i++) {
            String path = randomPath(random);
            String dir = randomAbsolute(random, 2);
            boolean expected = path.equals(dir) || path.startsWith(dir + "/");
            assertEquals(expected, Glob.compile(dir + "/**").matches(path), path + " vs " + dir + "/**");
        }
    }

    @Test
    void globstarsAroundANameMatchThePathsHoldingThatSegment() {
        Random random = new Random(6);
        for (int i = 0; i < 2000; i++) {
            String path = randomPath(random);
            String name = NAMES[random.nextInt(NAMES.length)];
            boolean expected = java.util.Arrays.asList(path.split("/")).contains(name);
            assertEquals(expected, Glob.compile("**/" + name + "/**").matches(path), path + " vs **/" + name + "/**");
            String upper = "c:" + (path.startsWith("/") ? path : "/" + path).toUpperCase(java.util.Locale.ROOT);
            assertEquals(expected, Glob.compile("**/" + name + "/**").matches(upper), upper + " (windows) vs **/" + name + "/**");
        }
    }

    @Test
    void middleGlobstarMatchesZeroOrMoreSegments() {
        Random random = new Random(3);
        for (int i = 0; i < 2000; i++) {
            String path = randomPath(random);
            String name = NAMES[random.nextInt(NAMES.length)];
            boolean expected = path.startsWith("/a/") && (path.equals("/a/" + name) || path.endsWith("/" + name));
            assertEquals(expected, Glob.compile("/a/**/" + name).matches(path), path + " vs /a/**/" + name);
        }
    }

    @Test
    void agreesWithARegularExpressionReadingOfRandomPatterns() {
        Random random = new Random(4);
        int matched = 0;
        for (int i = 0; i < 3000; i++) {
            String pattern = randomPattern(random);
            Pattern reference = Pattern.compile(toRegex(pattern));
            Glob glob = Glob.compile(pattern);
            for (int j = 0; j < 20; j++) {
                String path = randomPath(random);
                boolean expected = reference.matcher(path).matches();
                assertEquals(expected, glob.matches(path), path + " vs " + pattern);
                matched += expected ? 1 : 0;
            }
        }
        assertTrue(matched > 1000, "too few matching pairs generated: " + matched);
    }

    @Test
    void isWithinIsNeverContradictedByAPath() {
        Random random = new Random(5);
        int contained = 0;
        for (int i = 0; i < 3000; i++) {
            Glob outer = Glob.compile(randomAbsolute(random, 2) + "/**");
            Glob inner = Glob.compile(randomPattern(random));
            if (!inner.isWithin(outer)) {
                continue;
            }
            contained++;
            for (int j = 0; j < 50; j++) {
                String path = randomPath(random);
                assertTrue(!inner.matches(path) || outer.matches(path), path + ": " + inner + " within " + outer);
            }
        }
        assertTrue(contained > 20, "too few contained pairs generated: " + contained);
    }

    @Test
    void adversarialPatternsStayFast() {
        Glob glob = Glob.compile("**/*a*a*a*a*a*a*a*a*b/**/*a*a*a*c");
        String path = "/" + "a".repeat(2000) + "/" + "a/".repeat(200) + "a".repeat(500);
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            assertEquals(false, glob.matches(path));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        // Exponential backtracking would take hours here; the automaton takes milliseconds.
        assertTrue(millis < 5_000, "20 adversarial matches took " + millis + " ms");
    }

    private static String randomPath(Random random) {
        if (random.nextInt(10) == 0) {
            return NAMES[random.nextInt(NAMES.length)];
        }
        return randomAbsolute(random, 5);
    }

    private static String randomAbsolute(Random random, int maxDepth) {
        int depth = random.nextInt(maxDepth) + 1;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            out.append('/').append(NAMES[random.nextInt(NAMES.length)]);
        }
        return out.toString();
    }

    private static String randomPattern(Random random) {
        int depth = random.nextInt(4) + 1;
        List<String> segments = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            segments.add(switch (random.nextInt(7)) {
                case 0 -> "**";
                case 1 -> "*";
                case 2 -> NAMES[random.nextInt(NAMES.length)];
                case 3 -> "?" + (random.nextBoolean() ? "b" : "*");
                case 4 -> "[a.]*";
                case 5 -> "{a,b,.env}";
                default -> NAMES[random.nextInt(NAMES.length)] + "*";
            });
        }
        String body = String.join("/", segments);
        return random.nextInt(4) == 0 ? body : "/" + body;
    }

    /** The documented meaning, written the obvious way; fine for tests, too slow for decisions. */
    private static String toRegex(String pattern) {
        String[] segments = pattern.split("/", -1);
        boolean allGlobstar = true;
        for (String segment : segments) {
            allGlobstar &= segment.equals("**");
        }
        if (allGlobstar) {
            return ".*";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            boolean previousGlobstar = i > 0 && segments[i - 1].equals("**");
            if (segment.equals("**") && last) {
                out.append("(?:/.*)?");
                break;
            }
            if (i > 0 && !previousGlobstar) {
                out.append('/');
            }
            if (segment.equals("**")) {
                if (!previousGlobstar) {
                    out.append("(?:.*/)?");
                }
                continue;
            }
            out.append(segmentRegex(segment));
        }
        return out.toString();
    }

    private static String segmentRegex(String segment) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            switch (c) {
                case '*' -> out.append("[^/]*");
                case '?' -> out.append("[^/]");
                case '[' -> {
                    int end = segment.indexOf(']', i);
                    out.append("[").append(Pattern.quote(segment.substring(i + 1, end)).replace("\\Q", "").replace("\\E", "")).append("&&[^/]]");
                    i = end;
                }
                case '{' -> {
                    int end = segment.indexOf('}', i);
                    List<String> options = new ArrayList<>();
                    for (String option : segment.substring(i + 1, end).split(",", -1)) {
                        options.add(Pattern.quote(option));
                    }
                    out.append("(?:").append(String.join("|", options)).append(")");
                    i = end;
                }
                default -> out.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return out.toString();
    }
}
