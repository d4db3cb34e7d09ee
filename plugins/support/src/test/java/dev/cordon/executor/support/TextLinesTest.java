package dev.cordon.executor.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextLinesTest {

    @TempDir
    Path temp;

    @Test
    void theFirstLineOrTheFallback() {
        assertEquals("bwrap: No permissions", TextLines.first("\n  bwrap: No permissions \nsecond\n", "none"));
        assertEquals("none", TextLines.first(" \n\t", "none"));
        assertEquals("none", TextLines.first(null, "none"));
    }

    @Test
    void aScratchTreeIsRemovedWhole() throws Exception {
        Path root = Files.createDirectories(temp.resolve("probe/workspace/sub"));
        Files.writeString(root.resolve("file"), "x");
        TempTrees.delete(temp.resolve("probe"));
        assertFalse(Files.exists(temp.resolve("probe")));
        TempTrees.delete(null);
    }
}
