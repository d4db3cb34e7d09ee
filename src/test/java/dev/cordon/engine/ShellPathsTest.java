package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the files a shell command names are found: expansions, `cd`, symbolic links. */
class ShellPathsTest {

    private static void assertDecided(Evaluation e, Decision decision, String rule) {
        assertEquals(decision + " " + rule, e.decision() + " " + e.rule(), e.matches().toString());
    }

    @Test
    void wildcardsAreExpandedAgainstTheDisk(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("server.pem"), "x");
        Files.writeString(dir.resolve("notes.txt"), "x");
        assertDecided(Decider.standard().shell("cat " + dir + "/serv*"), Decision.DENY, "path.deny-profile");
        assertDecided(Decider.standard().shell("cat " + dir + "/*.txt"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void bracesAreExpanded() {
        assertDecided(Decider.standard().shell("cat /etc/{hosts,shadow}"), Decision.DENY, "path.deny-profile");
    }

    @Test
    void relativePathsFollowAnEarlierCd() {
        assertDecided(Decider.standard().shell("cd ~/.aws && cat credentials"), Decision.DENY, "path.deny-profile");
        Evaluation e = Decider.standard().shell("cd /home/dev/other && cat notes.txt");
        assertEquals("/home/dev/other/notes.txt", e.accesses().get(e.accesses().size() - 1).path());
    }

    @Test
    void relativePathsAfterACdToAnUnknownFolderCannotBeChecked() {
        Evaluation e = Decider.standard().shell("cd \"$DIR\" && rm -rf build");
        assertDecided(e, Decision.ASK, "shell.unparsed");
        assertTrue(e.reason().contains("`build`"), e.reason());
    }

    @Test
    void aLinkToTheRootIsTheRoot(@TempDir Path dir) throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("innocent"), Path.of("/"));
        assertDecided(Decider.standard().shell("rm -rf " + link), Decision.DENY, "shell.deny-recursive-delete-root");
    }

    @Test
    void aLinkInTheWorkspaceToAStartupFileIsProtected(@TempDir Path dir) throws IOException {
        Path rc = Files.writeString(dir.resolve(".bashrc"), "# rc\n");
        Path link = Files.createSymbolicLink(dir.resolve("notes.txt"), rc);
        assertDecided(Decider.standard().shell("echo evil >> " + link), Decision.DENY, "protected.shell-startup");
    }
}
