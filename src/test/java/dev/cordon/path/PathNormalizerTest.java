package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.path.PathNormalizer.Style;
import org.junit.jupiter.api.Test;

class PathNormalizerTest {

    private final PathNormalizer unix = new PathNormalizer("/home/ann", "/proj/app", Style.POSIX);
    private final PathNormalizer windows = new PathNormalizer("C:\\Users\\ann", "C:\\src\\app", Style.WINDOWS);

    @Test
    void collapsesDotsAndRepeatedSlashesInUnixPaths() {
        assertEquals("/etc/passwd", unix.normalize("/etc/../etc/passwd"));
        assertEquals("/etc/passwd", unix.normalize("/etc/./passwd"));
        assertEquals("/etc/passwd", unix.normalize("//etc///passwd/"));
        assertEquals("/", unix.normalize("/"));
        assertEquals("/a/c", unix.normalize("/a/b/../c/."));
    }

    @Test
    void neverGoesAboveTheRoot() {
        assertEquals("/etc/shadow", unix.normalize("/../../../etc/shadow"));
        assertEquals("/", unix.normalize("/.."));
        assertEquals("c:/x", windows.normalize("C:\\..\\..\\x"));
        assertEquals("//srv/share/x", windows.normalize("\\\\srv\\share\\..\\..\\x"));
    }

    @Test
    void expandsTheHomeDirectory() {
        assertEquals("/home/ann", unix.normalize("~"));
        assertEquals("/home/ann/.ssh/id_rsa", unix.normalize("~/.ssh/id_rsa"));
        assertEquals("/home/ann/.ssh", unix.normalize("~/x/../.ssh"));
        assertEquals("c:/Users/ann/.ssh", windows.normalize("~\\.ssh"));
    }

    @Test
    void resolvesRelativePathsAgainstTheWorkingDirectory() {
        assertEquals("/proj/app/src/Main.java", unix.normalize("src/Main.java"));
        assertEquals("/proj/app/src/Main.java", unix.normalize("./src/./Main.java"));
        assertEquals("/etc/passwd", unix.normalize("../../etc/passwd"));
        assertEquals("/etc/passwd", unix.normalize("../../../../../etc/passwd"));
        assertEquals("c:/src/app/lib/x.dll", windows.normalize("lib\\x.dll"));
    }

    @Test
    void backslashIsAFileNameCharacterInRelativeUnixPaths() {
        assertEquals("/proj/app/..\\..\\etc\\passwd", unix.normalize("..\\..\\etc\\passwd"));
        assertEquals("/proj/app/\\x", unix.normalize("\\x"));
    }

    @Test
    void normalisesWindowsDrivePaths() {
        assertEquals("c:/Users/x", unix.normalize("C:\\Users\\x"));
        assertEquals("c:/Users/x", unix.normalize("c:/Users/x/"));
        assertEquals("d:/", unix.normalize("D:"));
        assertEquals("c:/x/y", unix.normalize("\\\\?\\C:\\x\\y"));
        assertEquals("c:/Users/ann/.env", windows.normalize("C:\\Users\\ann\\.env.  "));
        assertEquals("c:/Users/ann/.env", windows.normalize("C:\\Users\\ann\\.env::$DATA"));
    }

    @Test
    void keepsUncPathsAbsolute() {
        assertEquals("//srv/share/x", unix.normalize("\\\\srv\\share\\x"));
        assertEquals("//srv/share/x", windows.normalize("//srv/share/x"));
        assertEquals("//srv/share/x", unix.normalize("\\\\?\\UNC\\srv\\share\\x"));
        assertEquals("//srv", unix.normalize("\\\\srv"));
    }

    @Test
    void aLeadingDoubleSlashIsTheRootOnUnix() {
        assertEquals("/etc/shadow", unix.normalize("//etc/shadow"));
    }

    @Test
    void normalisingTwiceChangesNothing() {
        for (String path : new String[] {"/etc/../x", "C:\\a\\..\\b", "~/a/./b", "rel/../x"}) {
            String once = unix.normalize(path);
            assertEquals(once, unix.normalize(once), path);
        }
    }

    @Test
    void refusesWhatItCannotResolve() {
        assertEquals("empty path",
                assertThrows(IllegalArgumentException.class, () -> unix.normalize("")).getMessage());
        assertEquals("path `a?b` contains a NUL character",
                assertThrows(IllegalArgumentException.class, () -> unix.normalize("a\0b")).getMessage());
        PathNormalizer bare = new PathNormalizer(null, null, Style.POSIX);
        assertEquals("relative path `x` without a working directory",
                assertThrows(IllegalArgumentException.class, () -> bare.normalize("x")).getMessage());
        assertEquals("path `~/x` uses `~` but the home directory is unknown",
                assertThrows(IllegalArgumentException.class, () -> bare.normalize("~/x")).getMessage());
    }
}
