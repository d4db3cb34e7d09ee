package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On JDK 25+ the launcher trains an AOT start-up cache in the background on the first run: that
 * run's output stays clean, the cache appears, and later runs use it with the same answers.
 */
class StartupCacheIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void theFirstRunStaysCleanAndTheCacheIsCreatedAndUsed() throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home")).env("CORDON_AOT", null);
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Cordon.Result version = cordon.run(workspace, "--version");
        assumeTrue(version.out().matches("(?s).*java (2[5-9]|[3-9][0-9]).*"), "the launcher found no JDK 25+");

        Cordon.Result first = cordon.run(workspace, "policy", "test", "--json", "--", "rm -r -f /");
        assertEquals(10, first.code(), first::toString);
        assertEquals("DENY", JSON.readTree(first.out()).get("decision").asText(), "stdout is one JSON object");
        assertEquals("", first.err(), "nothing on stderr");

        Path cacheDir = cordon.home().resolve(".cache/cordon");
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (aotFiles(cacheDir) == 0 && !failed(cacheDir) && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertFalse(failed(cacheDir), "the training run failed; see the error log in " + cacheDir);
        assertEquals(1, aotFiles(cacheDir), "no start-up cache was written");

        Cordon.Result cached = cordon.run(workspace, "policy", "test", "--json", "--", "rm -r -f /");
        assertEquals(first.out(), cached.out());
        assertEquals("", cached.err());
    }

    private static long aotFiles(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".aot")).count();
        }
    }

    private static boolean failed(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".failed"));
        }
    }
}
