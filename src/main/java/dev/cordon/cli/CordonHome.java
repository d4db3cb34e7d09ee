package dev.cordon.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the distribution folder that holds {@code rules/}, {@code profiles/} and {@code plugins/}:
 * the launcher passes it as {@code cordon.home}; otherwise it is the parent of the folder holding
 * the core jar, or a source checkout ({@code cordon.root}, used by the tests).
 */
public final class CordonHome {

    private CordonHome() {
    }

    public static Path locate() {
        String explicit = System.getProperty("cordon.home", System.getenv("CORDON_HOME"));
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath().normalize();
        }
        Path fromJar = fromCodeSource();
        if (fromJar != null) {
            return fromJar;
        }
        String checkout = System.getProperty("cordon.root");
        if (checkout != null) {
            return Path.of(checkout).toAbsolutePath().normalize();
        }
        return Path.of("").toAbsolutePath();
    }

    private static Path fromCodeSource() {
        try {
            Path jar = Path.of(CordonHome.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dist = jar.getParent() == null ? null : jar.getParent().getParent();
            if (Files.isRegularFile(jar) && dist != null && Files.isDirectory(dist.resolve("rules"))) {
                return dist;
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // Not loaded from a jar in a distribution: fall through to the other ways.
        }
        return null;
    }
}
