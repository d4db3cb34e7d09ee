package dev.cordon.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the cordon checkout (or distribution) whose {@code rules/} and {@code profiles/} are measured. */
final class Checkout {

    private Checkout() {
    }

    /** {@code -Dcordon.root=DIR}, else the first parent of the working directory that has {@code rules/}. */
    static Path root() {
        String explicit = System.getProperty("cordon.root");
        if (explicit != null) {
            return Path.of(explicit).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("rules")) && Files.isDirectory(dir.resolve("profiles"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the cordon checkout: run from inside it or pass -Dcordon.root=DIR");
    }
}
