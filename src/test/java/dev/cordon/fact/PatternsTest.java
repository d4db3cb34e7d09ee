package dev.cordon.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.engine.ShellQuoting;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small matchers facts use: command-line wildcards, denied-command patterns, quoting. */
class PatternsTest {

    @Test
    void wildcardStarCrossesSlashesAndQuotesTheRest() {
        assertTrue(Wildcard.compile("terraform * apply*").matcher("terraform -chdir=infra/prod apply -auto").matches());
        assertFalse(Wildcard.compile("a.c").matcher("abc").matches());
        assertTrue(Wildcard.compile("rm -?f *").matcher("rm -rf /").matches());
        assertTrue(Wildcard.compile("x(").matcher("x(").matches());
    }

    @Test
    void deniedCommandIsASubstringUnlessItHasWildcards() {
        DeniedCommandPattern substring = DeniedCommandPattern.of("git push --force");
        assertTrue(substring.matches("cd x && git push --force origin"));
        assertFalse(substring.matches("git push origin"));
        DeniedCommandPattern wildcard = DeniedCommandPattern.of("npm publish*");
        assertTrue(wildcard.matches("npm publish --tag next"));
        assertFalse(wildcard.matches("cd x && npm publish"));
    }

    @Test
    void pathEntriesOfAssignments() {
        Assignment relative = new Assignment(null, "PATH", "bin:/usr/bin");
        assertTrue(relative.hasRelativeEntry());
        Assignment empty = new Assignment(null, "PATH", "/usr/bin::/bin");
        assertTrue(empty.hasRelativeEntry());
        Assignment absolute = new Assignment(null, "PATH", "/usr/local/bin:$PATH");
        assertFalse(absolute.hasRelativeEntry());
        assertFalse(absolute.hasEntryUnder("/home/dev/project"));
        assertTrue(new Assignment(null, "PATH", "/home/dev/project/bin:/usr/bin").hasEntryUnder("/home/dev/project"));
    }

    @Test
    void argumentVectorsAreQuotedSoTheShellSplitsThemBack() {
        assertEquals("echo 'a b; rm -rf /' plain", ShellQuoting.join(List.of("echo", "a b; rm -rf /", "plain")));
        assertEquals("printf 'it'\\''s' ''", ShellQuoting.join(List.of("printf", "it's", "")));
    }
}
