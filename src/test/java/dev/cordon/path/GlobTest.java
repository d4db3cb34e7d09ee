package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GlobTest {

    private static boolean match(String pattern, String path) {
        return Glob.compile(pattern).matches(path);
    }

    @Test
    void globstarMatchesAnyNumberOfSegmentsIncludingNone() {
        assertTrue(match("**/.env", "/a/.env"));
        assertTrue(match("**/.env", "/.env"));
        assertTrue(match("**/.env", ".env"));
        assertTrue(match("**/.env", "/a/b/c/.env"));
        assertFalse(match("**/.env", "/a/x.env"));
        assertFalse(match("**/.env", "/a/.env/x"));
        assertTrue(match("**/.ssh/**", "/home/u/.ssh/id_rsa"));
        assertTrue(match("**/.ssh/**", "/home/u/.ssh"));
        assertFalse(match("**/.ssh/**", "/home/u/.sshx/id_rsa"));
        assertTrue(match("/proj/**", "/proj"));
        assertTrue(match("/proj/**", "/proj/a/b"));
        assertFalse(match("/proj/**", "/projshop/a"));
        assertTrue(match("/a/**/b", "/a/b"));
        assertTrue(match("/a/**/b", "/a/x/y/b"));
        assertFalse(match("/a/**/b", "/a/xb"));
        assertTrue(match("**", "/anything/at/all"));
        assertTrue(match("/**", "/"));
        assertTrue(match("**/**", "a"));
    }

    @Test
    void starStaysWithinOneSegment() {
        assertTrue(match("**/*.pem", "/etc/ssl/server.pem"));
        assertFalse(match("/etc/*.pem", "/etc/ssl/server.pem"));
        assertTrue(match("**/.env.*", "/w/.env.local"));
        assertFalse(match("**/.env.*", "/w/.env"));
        assertTrue(match("/a/*", "/a/"));
        assertFalse(match("/a/*", "/a/b/c"));
    }

    @Test
    void questionMarkClassesAndBraces() {
        assertTrue(match("/scratch/?.txt", "/scratch/a.txt"));
        assertFalse(match("/scratch/?.txt", "/scratch/ab.txt"));
        assertFalse(match("/scratch/?", "/scratch//"));
        assertTrue(match("**/id_[rd]sa", "/h/.x/id_rsa"));
        assertTrue(match("**/id_[rd]sa", "/h/.x/id_dsa"));
        assertFalse(match("**/id_[!rd]sa", "/h/.x/id_dsa"));
        assertTrue(match("**/file[0-9]", "/file7"));
        assertFalse(match("**/a[!x]b", "/a/b"));
        assertTrue(match("**/*.{p12,pfx}", "/k/a.pfx"));
        assertTrue(match("**/*.{p12,pfx}", "/k/a.p12"));
        assertFalse(match("**/*.{p12,pfx}", "/k/a.pem"));
        assertTrue(match("/{usr,opt}/{lib,share/{x,y}}/**", "/opt/share/y/z"));
        assertTrue(match("/a/\\*", "/a/*"));
        assertFalse(match("/a/\\*", "/a/b"));
    }

    @Test
    void aNameWithoutSlashMatchesOnlyThatRelativeName() {
        assertTrue(match("*.pem", "server.pem"));
        assertFalse(match("*.pem", "/etc/server.pem"));
        assertFalse(Glob.compile("*.pem").anchored());
        assertTrue(Glob.compile("**/*.pem").anchored());
        assertTrue(Glob.compile("/etc/shadow").anchored());
        assertTrue(Glob.compile("c:/Users/**").anchored());
        assertFalse(Glob.compile("{/etc,etc}/x").anchored());
    }

    @Test
    void isCaseSensitiveOnUnixAndNotForWindowsPaths() {
        assertFalse(match("**/.ssh/**", "/home/u/.SSH/id_rsa"));
        assertTrue(match("**/.ssh/**", "c:/Users/u/.SSH/id_rsa"));
        assertTrue(match("c:/users/**", "c:/Users/u"));
        assertTrue(match("**/*.[p]em", "c:/x/A.PEM"));
    }

    @Test
    void malformedPatternsAreRefusedWithWhereTheyBreak() {
        assertError("[abc", "invalid glob `[abc`: unclosed `[` at offset 0");
        assertError("/a/{b,c", "invalid glob `/a/{b,c`: unclosed `{` at offset 3");
        assertError("/a}", "invalid glob `/a}`: unmatched `}` at offset 2");
        assertError("/a/[z-a]", "invalid glob `/a/[z-a]`: range `z-a` is reversed at offset 4");
        assertError("/a\\", "invalid glob `/a\\`: trailing `\\` at offset 2");
        assertError("/a/**b", "invalid glob `/a/**b`: `**` must be a whole path segment at offset 3");
        assertError("/a[/]b", "invalid glob `/a[/]b`: `/` inside `[...]` at offset 3");
        assertError("", "invalid glob ``: empty pattern at offset 0");
        assertError("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}",
                "invalid glob `{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}`: more than 256 `{...}` alternatives at offset 44");
    }

    @Test
    void knowsWhenOneGlobLiesWithinAnother() {
        Glob workspace = Glob.compile("/proj/app/**");
        assertTrue(Glob.compile("/proj/app/src/**").isWithin(workspace));
        assertTrue(Glob.compile("/proj/app/**").isWithin(workspace));
        assertTrue(Glob.compile("/proj/app").isWithin(workspace));
        assertTrue(Glob.compile("/proj/app/{a,b}/*.java").isWithin(workspace));
        assertFalse(Glob.compile("/proj/**").isWithin(workspace));
        assertFalse(Glob.compile("/**").isWithin(workspace));
        assertFalse(Glob.compile("/proj/app*/**").isWithin(workspace));
        assertFalse(Glob.compile("**/x").isWithin(workspace));
        assertFalse(Glob.compile("/proj/{app/x,etc}").isWithin(workspace));
        assertTrue(Glob.compile("/etc/**").isWithin(Glob.compile("**")));
        assertTrue(Glob.compile("/etc/**").isWithin(Glob.compile("/**")));
    }

    private static void assertError(String pattern, String message) {
        InvalidGlobException error = assertThrows(InvalidGlobException.class, () -> Glob.compile(pattern));
        assertEquals(message, error.getMessage());
    }
}
