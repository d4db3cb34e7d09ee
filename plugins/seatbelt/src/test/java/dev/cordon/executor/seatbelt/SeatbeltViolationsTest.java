package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeatbeltViolationsTest {

    private static final Confinement CONFINEMENT = new Confinement(Path.of("/w"), List.of(Path.of("/usr"), Path.of("/Users/me")),
            List.of(Path.of("/w")), List.of(Path.of("/w/.git/hooks")), List.of(Path.of("/Users/me/.ssh")),
            NetworkPolicy.NONE, Limits.NONE);

    @Test
    void aRefusedPathThatIsReadableWasAWrite() {
        assertEquals(List.of(new Violation(Kind.FILE_WRITE, "sh: /usr/local/x: Operation not permitted"),
                        new Violation(Kind.FILE_WRITE, "touch: /w/.git/hooks/pre-commit: Operation not permitted")),
                SeatbeltViolations.read("sh: /usr/local/x: Operation not permitted\n"
                        + "touch: /w/.git/hooks/pre-commit: Operation not permitted\n", CONFINEMENT));
    }

    @Test
    void aRefusedHiddenOrUnlistedPathIsAReadRefusal() {
        assertEquals(List.of(new Violation(Kind.FILE_READ, "cat: /Users/me/.ssh/id_rsa: Operation not permitted"),
                        new Violation(Kind.FILE_READ, "ls: /opt/data: Operation not permitted")),
                SeatbeltViolations.read("cat: /Users/me/.ssh/id_rsa: Operation not permitted\nls: /opt/data: Operation not permitted",
                        CONFINEMENT));
    }

    @Test
    void aRefusedConnectionCountsOnlyWhenTheNetworkWasNotOpen() {
        String stderr = "connect: Operation not permitted\nother output\n";
        assertEquals(List.of(new Violation(Kind.NETWORK, "connect: Operation not permitted")),
                SeatbeltViolations.read(stderr, CONFINEMENT));
        Confinement open = new Confinement(Path.of("/w"), List.of(), List.of(Path.of("/w")), List.of(), List.of(),
                new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of()), Limits.NONE);
        assertEquals(List.of(), SeatbeltViolations.read(stderr, open));
    }
}
