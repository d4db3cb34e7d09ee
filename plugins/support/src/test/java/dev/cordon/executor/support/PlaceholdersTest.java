package dev.cordon.executor.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.ExecutorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaceholdersTest {

    @TempDir
    Path temp;

    @Test
    void runsShareAPlaceholderAndTheLastOneRemovesIt() throws Exception {
        Path hook = temp.resolve("pre-commit");
        Placeholders.Reservation first = Placeholders.reserve(List.of(hook), Placeholders.Kind.EMPTY_FILE, "sandbox");
        Placeholders.Reservation second = Placeholders.reserve(List.of(hook), Placeholders.Kind.EMPTY_FILE, "sandbox");
        assertTrue(Files.isRegularFile(hook));
        assertTrue(Placeholders.isHeld(hook));

        first.close();
        assertTrue(Files.exists(hook), "still held by the second run");
        second.close();
        assertFalse(Files.exists(hook));
        assertFalse(Placeholders.isHeld(hook));
    }

    @Test
    void whatAUserPutThereIsNeverRemoved() throws Exception {
        Path dir = temp.resolve(".vscode");
        try (Placeholders.Reservation run = Placeholders.reserve(List.of(dir), Placeholders.Kind.EMPTY_DIRECTORY, "container")) {
            Files.writeString(dir.resolve("settings.json"), "{}");
        }
        assertEquals("{}", Files.readString(dir.resolve("settings.json")));
    }

    @Test
    void aPathThatAppearedMeanwhileRefusesTheRunAndHoldsNothing() throws Exception {
        Path free = temp.resolve("free");
        Path taken = Files.writeString(temp.resolve("taken"), "user data");
        ExecutorException refused = assertThrows(ExecutorException.class,
                () -> Placeholders.reserve(List.of(free, taken), Placeholders.Kind.EMPTY_FILE, "sandbox"));
        assertEquals("protected path `" + taken + "` appeared while the sandbox was prepared", refused.getMessage());
        assertFalse(Files.exists(free), "the placeholder made before the refusal is removed");
        assertEquals("user data", Files.readString(taken));
    }
}
