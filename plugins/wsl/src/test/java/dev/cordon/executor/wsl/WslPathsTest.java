package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.ExecutorException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WslPathsTest {

    @Test
    void windowsPathsBecomeComparable() throws Exception {
        assertEquals("c:/Users/Me/proj", WslPaths.canonical("C:\\Users\\Me\\proj"));
        assertEquals("c:/Users/Me/proj", WslPaths.canonical("c:/Users//Me/./x/../proj/"));
        assertEquals("d:/", WslPaths.canonical("D:\\"));
        assertEquals("c:/a b/it's", WslPaths.canonical("C:\\a b\\it's"));
        assertEquals("c:/Windows", WslPaths.canonical("\\\\?\\C:\\Windows"));
        assertEquals("c:/", WslPaths.canonical("C:\\..\\.."));
    }

    @Test
    void drivePathsTranslateBothWays() throws Exception {
        assertEquals("/mnt/c/Users/Me/my proj", WslPaths.toLinux("C:\\Users\\Me\\my proj"));
        assertEquals("/mnt/d", WslPaths.toLinux("D:/"));
        assertEquals(Optional.of("c:/Users/Me/my proj"), WslPaths.toWindows("/mnt/c/Users/Me/my proj"));
        assertEquals(Optional.of("d:/"), WslPaths.toWindows("/mnt/d"));
        assertEquals(Optional.of("e:/x"), WslPaths.toWindows("/mnt/e/x/"));
        assertEquals(Optional.empty(), WslPaths.toWindows("/home/agent"));
        assertEquals(Optional.empty(), WslPaths.toWindows("/mnt/wsl/x"));
    }

    @Test
    void pathsWslCannotReachAreRefused() {
        assertRefused("`\\\\server\\share\\x` is on a network share, which WSL does not mount under /mnt", "\\\\server\\share\\x");
        assertRefused("`//server/share` is on a network share, which WSL does not mount under /mnt", "//server/share");
        assertRefused("`c:relative` is not an absolute Windows drive path", "c:relative");
        assertRefused("`/mnt/c/x` is not an absolute Windows drive path", "/mnt/c/x");
        assertRefused("`C:\\a\\b|c` holds a character Windows does not allow in a name", "C:\\a\\b|c");
        assertRefused("`C:\\file.txt:stream` holds a character Windows does not allow in a name", "C:\\file.txt:stream");
    }

    @Test
    void containmentIgnoresCaseAndRespectsNameBoundaries() {
        assertTrue(WslPaths.inside("c:/users/me/proj/src", "c:/Users/Me/proj"));
        assertTrue(WslPaths.inside("c:/users/me/proj", "c:/Users/Me/proj"));
        assertTrue(WslPaths.inside("c:/x", "c:/"));
        assertFalse(WslPaths.inside("c:/users/me/project", "c:/Users/Me/proj"));
        assertFalse(WslPaths.inside("d:/users/me/proj", "c:/users/me/proj"));
    }

    private static void assertRefused(String message, String path) {
        ExecutorException error = assertThrows(ExecutorException.class, () -> WslPaths.canonical(path));
        assertEquals(message, error.getMessage());
    }
}
