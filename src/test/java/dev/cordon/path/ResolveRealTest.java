package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class ResolveRealTest {

    @TempDir
    Path temp;

    private Path home;
    private Path workspace;

    @BeforeEach
    void layout() throws Exception {
        Path root = temp.toRealPath();
        home = Files.createDirectories(root.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), "secret");
        workspace = Files.createDirectories(root.resolve("work"));
    }

    @Test
    void aLinkInTheWorkspaceIsSeenAsItsTarget() throws Exception {
        Files.createSymbolicLink(workspace.resolve("key"), home.resolve(".ssh/id_rsa"));
        assertEquals(home + "/.ssh/id_rsa", PathNormalizer.resolveReal(workspace + "/key"));
    }

    @Test
    void aRelativeLinkToADirectoryIsFollowedForPathsBelowIt() throws Exception {
        Files.createSymbolicLink(workspace.resolve("dot"), Path.of("../home/.ssh"));
        assertEquals(home + "/.ssh/id_rsa", PathNormalizer.resolveReal(workspace + "/dot/id_rsa"));
        assertEquals(home + "/.ssh/authorized_keys",
                PathNormalizer.resolveReal(workspace + "/dot/authorized_keys"));
    }

    @Test
    void aDanglingLinkLeadsWhereAWriteWouldLand() throws Exception {
        Files.createSymbolicLink(workspace.resolve("keys"), home.resolve(".ssh/authorized_keys"));
        assertEquals(home + "/.ssh/authorized_keys", PathNormalizer.resolveReal(workspace + "/keys"));
    }

    @Test
    void theMissingPartOfAPathIsKeptAsWritten() {
        assertEquals(workspace + "/new/dir/file.txt", PathNormalizer.resolveReal(workspace + "/new/dir/file.txt"));
    }

    @Test
    void chainsOfLinksAreFollowed() throws Exception {
        Files.createSymbolicLink(workspace.resolve("a"), workspace.resolve("b"));
        Files.createSymbolicLink(workspace.resolve("b"), home);
        assertEquals(home + "/.ssh/id_rsa", PathNormalizer.resolveReal(workspace + "/a/.ssh/id_rsa"));
    }

    @Test
    void aLinkLoopIsRefused() throws Exception {
        Files.createSymbolicLink(workspace.resolve("x"), workspace.resolve("y"));
        Files.createSymbolicLink(workspace.resolve("y"), workspace.resolve("x"));
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> PathNormalizer.resolveReal(workspace + "/x/f"));
        assertEquals("too many levels of symbolic links in `" + workspace + "/x/f`", error.getMessage());
    }

    @Test
    void windowsPathsAreLeftAlone() {
        assertEquals("c:/Users/x", PathNormalizer.resolveReal("c:/Users/x"));
    }

    @Test
    void eachDecisionSeesTheLinksOfItsOwnMoment() throws Exception {
        Files.createDirectories(workspace.resolve("src"));
        RealPaths before = new RealPaths();
        assertEquals(workspace + "/src/key", before.resolve(workspace + "/src/key"));
        Files.delete(workspace.resolve("src"));
        Files.createSymbolicLink(workspace.resolve("src"), home.resolve(".ssh"));
        assertEquals(home + "/.ssh/key", new RealPaths().resolve(workspace + "/src/key"));
        assertEquals(home + "/.ssh/id_rsa", new RealPaths().resolve(workspace + "/src/id_rsa"));
    }

    @Test
    void pathsOfOneDecisionSharingFoldersResolveAlike() throws Exception {
        Files.createSymbolicLink(workspace.resolve("dot"), Path.of("../home/.ssh"));
        RealPaths paths = new RealPaths();
        assertEquals(home + "/.ssh/id_rsa", paths.resolve(workspace + "/dot/id_rsa"));
        assertEquals(home + "/.ssh/config", paths.resolve(workspace + "/dot/config"));
        assertEquals(workspace + "/other", paths.resolve(workspace + "/other"));
    }
}
