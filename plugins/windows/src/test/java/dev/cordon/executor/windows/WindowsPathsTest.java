package dev.cordon.executor.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.ExecutorException;
import org.junit.jupiter.api.Test;

class WindowsPathsTest {

    @Test
    void drivePathsGetALowerCaseDriveForwardSlashesAndNoDots() throws Exception {
        assertEquals("c:/Users/Me/my proj", WindowsPaths.canonical("C:\\Users\\Me\\my proj"));
        assertEquals("c:/Users/Me", WindowsPaths.canonical("c:/Users/Me/./x/../"));
        assertEquals("c:/", WindowsPaths.canonical("C:\\"));
        assertEquals("c:/", WindowsPaths.canonical("C:\\..\\.."));
        assertEquals("c:/Program Files", WindowsPaths.canonical("\\\\?\\C:\\Program Files"));
    }

    @Test
    void sharesStayAbsolute() throws Exception {
        assertEquals("//server/share/dir", WindowsPaths.canonical("\\\\server\\share\\dir"));
        assertEquals("//server/share/", WindowsPaths.canonical("//server/share"));
        assertEquals("//server/share/a", WindowsPaths.canonical("\\\\?\\UNC\\server\\share\\a\\b\\.."));
    }

    @Test
    void whatIsNotAnAbsoluteWindowsPathIsRefused() {
        assertRefused("`relative\\dir` is not an absolute Windows path", "relative\\dir");
        assertRefused("`c:drive-relative` is not an absolute Windows path", "c:drive-relative");
        assertRefused("`\\\\.\\PhysicalDrive0` is not an absolute Windows path", "\\\\.\\PhysicalDrive0");
        assertRefused("`\\\\server` names no share", "\\\\server");
        assertRefused("`C:\\a\\file.txt:stream` holds a character Windows does not allow in a name", "C:\\a\\file.txt:stream");
        assertRefused("`C:\\a\\b?` holds a character Windows does not allow in a name", "C:\\a\\b?");
    }

    @Test
    void theNativeFormAndContainment() {
        assertEquals("C:\\Users\\Me", WindowsPaths.nativeForm("c:/Users/Me"));
        assertEquals("\\\\server\\share\\x", WindowsPaths.nativeForm("//server/share/x"));
        assertTrue(WindowsPaths.inside("c:/users/me/ws/.git", "c:/Users/Me/ws"));
        assertTrue(WindowsPaths.inside("c:/x", "c:/"));
        assertFalse(WindowsPaths.inside("c:/users/me/ws2", "c:/Users/Me/ws"));
        assertEquals(3, WindowsPaths.depth("c:/a/b/c"));
    }

    private static void assertRefused(String message, String path) {
        ExecutorException error = assertThrows(ExecutorException.class, () -> WindowsPaths.canonical(path));
        assertEquals(message, error.getMessage());
    }
}
