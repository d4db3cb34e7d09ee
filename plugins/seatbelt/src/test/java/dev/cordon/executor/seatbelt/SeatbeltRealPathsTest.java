package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeatbeltRealPathsTest {

    @TempDir
    Path temp;

    @Test
    void aPathThroughASymlinkResolvesEvenWhenItsEndDoesNotExistYet() throws Exception {
        Path real = Files.createDirectories(temp.toRealPath().resolve("private/tmp"));
        Path link = Files.createSymbolicLink(temp.toRealPath().resolve("tmp"), real);
        assertEquals(real.resolve("ws/.git/hooks"), SeatbeltRealPaths.real(link.resolve("ws/.git/hooks")));
        assertEquals(real, SeatbeltRealPaths.real(link));
    }

    @Test
    void aPathUnderNothingThatExistsStaysAsGiven() {
        assertEquals(Path.of("/cordon-missing-root/a/b"), SeatbeltRealPaths.real(Path.of("/cordon-missing-root/a/../a/b")));
    }

    @Test
    void everyListKeepsTheGivenPathBesideItsRealOne() throws Exception {
        Path real = Files.createDirectories(temp.toRealPath().resolve("real"));
        Path link = Files.createSymbolicLink(temp.toRealPath().resolve("link"), real);
        Path plain = Files.createDirectories(temp.toRealPath().resolve("plain"));
        Confinement given = new Confinement(link, List.of(plain), List.of(link), List.of(link.resolve(".git/config")),
                List.of(link.resolve(".env")), NetworkPolicy.NONE, Limits.NONE);
        Confinement resolved = SeatbeltRealPaths.resolve(given);
        assertEquals(real, resolved.workspace());
        assertEquals(List.of(plain), resolved.readRoots());
        assertEquals(List.of(link, real), resolved.writeRoots());
        assertEquals(List.of(link.resolve(".git/config"), real.resolve(".git/config")), resolved.readOnlyPaths());
        assertEquals(List.of(link.resolve(".env"), real.resolve(".env")), resolved.hiddenPaths());
    }
}
