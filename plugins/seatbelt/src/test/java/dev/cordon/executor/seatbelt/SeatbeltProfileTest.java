package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeatbeltProfileTest {

    private static final String PROLOGUE = """
            (version 1)
            (deny default)
            ; processes: start programs from readable places, signal only this sandbox
            (allow process-fork)
            (allow signal (target same-sandbox))
            (allow process-info* (target same-sandbox))
            ; what every process needs from the system
            (allow sysctl-read)
            (allow ipc-posix-sem)
            (allow mach-lookup
                (global-name "com.apple.system.opendirectoryd.libinfo")
                (global-name "com.apple.system.notification_center")
                (global-name "com.apple.system.logger")
                (global-name "com.apple.logd"))
            (allow file-read* process-exec
                (subpath "/System")
                (subpath "/usr/lib")
                (subpath "/private/var/db/dyld")
                (subpath "/private/var/db/timezone"))
            (allow file-read*
                (literal "/dev/null")
                (literal "/dev/zero")
                (literal "/dev/random")
                (literal "/dev/urandom")
                (literal "/dev/dtracehelper")
                (literal "/private/etc/localtime"))
            (allow file-write-data
                (literal "/dev/null")
                (literal "/dev/dtracehelper"))
            (allow file-ioctl
                (literal "/dev/dtracehelper"))
            """;

    @Test
    void quotesAndBackslashesAreEscapedAndDeniesFollowTheAllowsTheyNarrow() throws Exception {
        Path workspace = Path.of("/Users/me/my \"quoted\" proj");
        Confinement confinement = new Confinement(workspace,
                List.of(Path.of("/usr"), Path.of("/bin"), Path.of("/Users/me")),
                List.of(workspace, Path.of("/private/tmp/cordon\\run")),
                List.of(workspace.resolve(".git/hooks"), workspace.resolve(".git/config")),
                List.of(Path.of("/Users/me/.ssh"), workspace.resolve(".env")),
                NetworkPolicy.NONE, Limits.NONE);
        assertEquals(PROLOGUE + """
                ; directories on the way to a root: their metadata only
                (allow file-read-metadata
                    (literal "/")
                    (literal "/Users")
                    (literal "/Users/me")
                    (literal "/etc")
                    (literal "/private")
                    (literal "/private/tmp")
                    (literal "/tmp")
                    (literal "/var"))
                ; read roots
                (allow file-read* process-exec
                    (subpath "/usr")
                    (subpath "/bin")
                    (subpath "/Users/me"))
                ; write roots, readable too
                (allow file-read* file-write* process-exec
                    (subpath "/Users/me/my \\"quoted\\" proj")
                    (subpath "/private/tmp/cordon\\\\run"))
                ; read-only inside the write roots, whether they exist yet or not
                (deny file-write*
                    (subpath "/Users/me/my \\"quoted\\" proj/.git/hooks")
                    (subpath "/Users/me/my \\"quoted\\" proj/.git/config"))
                ; hidden: neither readable nor writable, even inside a root
                (deny file-read* file-write* process-exec
                    (subpath "/Users/me/.ssh")
                    (subpath "/Users/me/my \\"quoted\\" proj/.env"))
                ; a protected path cannot be carried away by renaming a directory above it
                (deny file-write-unlink
                    (literal "/Users/me/my \\"quoted\\" proj")
                    (literal "/Users/me/my \\"quoted\\" proj/.git"))
                ; network
                (deny network*)
                """, SeatbeltProfile.render(confinement));
    }

    @Test
    void emptyListsLeaveTheirRulesOutRatherThanWritingARuleWithoutAFilter() throws Exception {
        Path workspace = Path.of("/w");
        Confinement confinement = new Confinement(workspace, List.of(), List.of(workspace), List.of(), List.of(),
                new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of()), Limits.NONE);
        assertEquals(PROLOGUE + """
                ; directories on the way to a root: their metadata only
                (allow file-read-metadata
                    (literal "/")
                    (literal "/etc")
                    (literal "/tmp")
                    (literal "/var"))
                ; read roots
                ; write roots, readable too
                (allow file-read* file-write* process-exec
                    (subpath "/w"))
                ; read-only inside the write roots, whether they exist yet or not
                ; hidden: neither readable nor writable, even inside a root
                ; a protected path cannot be carried away by renaming a directory above it
                ; network
                (allow network*)
                """, SeatbeltProfile.render(confinement));
    }

    @Test
    void aReadRootThatIsAlsoWritableAppearsOnceAsWritable() throws Exception {
        Path workspace = Path.of("/w");
        Confinement confinement = new Confinement(workspace, List.of(workspace, Path.of("/w/../r/")), List.of(workspace),
                List.of(), List.of(), NetworkPolicy.NONE, Limits.NONE);
        String profile = SeatbeltProfile.render(confinement);
        assertEquals("""
                ; read roots
                (allow file-read* process-exec
                    (subpath "/r"))
                ; write roots, readable too
                (allow file-read* file-write* process-exec
                    (subpath "/w"))
                """, between(profile, "; read roots", "; read-only"));
    }

    @Test
    void aHiddenPathNestedInAReadOnlyPathOfAWriteRootGuardsEveryDirectoryUpToTheRoot() throws Exception {
        Path workspace = Path.of("/w");
        Confinement confinement = new Confinement(workspace, List.of(), List.of(workspace),
                List.of(Path.of("/w/a/b")), List.of(Path.of("/w/a/b/c/secret"), Path.of("/elsewhere/key")),
                NetworkPolicy.NONE, Limits.NONE);
        assertEquals("""
                ; a protected path cannot be carried away by renaming a directory above it
                (deny file-write-unlink
                    (literal "/w")
                    (literal "/w/a")
                    (literal "/w/a/b")
                    (literal "/w/a/b/c"))
                """, between(SeatbeltProfile.render(confinement), "; a protected", "; network"));
    }

    @Test
    void aPathWithALineBreakIsRefused() {
        Path workspace = Path.of("/w");
        Confinement confinement = new Confinement(workspace, List.of(), List.of(workspace), List.of(),
                List.of(Path.of("/w/evil\n(allow default)")), NetworkPolicy.NONE, Limits.NONE);
        ExecutorException error = assertThrows(ExecutorException.class, () -> SeatbeltProfile.render(confinement));
        assertEquals("seatbelt cannot express `/w/evil\\x0a(allow default)`: it holds a control character", error.getMessage());
    }

    @Test
    void aRelativePathIsRefused() {
        Path workspace = Path.of("/w");
        Confinement confinement = new Confinement(workspace, List.of(Path.of("usr")), List.of(workspace), List.of(),
                List.of(), NetworkPolicy.NONE, Limits.NONE);
        ExecutorException error = assertThrows(ExecutorException.class, () -> SeatbeltProfile.render(confinement));
        assertEquals("seatbelt needs absolute paths, got `usr`", error.getMessage());
    }

    private static String between(String text, String from, String to) {
        return text.substring(text.indexOf(from), text.indexOf(to));
    }
}
