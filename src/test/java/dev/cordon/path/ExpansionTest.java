package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.diagnostic.PolicyException;
import org.junit.jupiter.api.Test;

class ExpansionTest {

    private final Expansion expansion = Expansion.of("/proj/app", "/home/ann", "/scratch", "/proj/app/sub");

    @Test
    void expandsTheKnownVariables() {
        assertEquals("/proj/app/**", expansion.expand("${WORKSPACE}/**", "f.yaml", 1, 1));
        assertEquals("/home/ann/.local/state/cordon/audit.jsonl",
                expansion.expand("${HOME}/.local/state/cordon/audit.jsonl", "f.yaml", 1, 1));
        assertEquals("/scratch:/proj/app/sub", expansion.expand("${TMPDIR}:${CWD}", "f.yaml", 1, 1));
        assertEquals("plain $HOME stays", expansion.expand("plain $HOME stays", "f.yaml", 1, 1));
    }

    @Test
    void expandsTheCwdSentinelAtTheStart() {
        assertEquals("/proj/app/sub/**", expansion.expand("<cwd>/**", "f.yaml", 1, 1));
    }

    @Test
    void anUnknownVariableIsAnErrorWithItsLocation() {
        PolicyException error =
                assertThrows(PolicyException.class, () -> expansion.expand("${WORKSPCE}/**", "profiles/ci.yaml", 7, 5));
        assertEquals("profiles/ci.yaml:7:5: unknown variable `${WORKSPCE}`, expected one of WORKSPACE, HOME, TMPDIR, CWD",
                error.getMessage());
    }

    @Test
    void malformedUsesAreErrors() {
        assertEquals("f.yaml:2:3: unclosed `${` in `${HOME/x`",
                assertThrows(PolicyException.class, () -> expansion.expand("${HOME/x", "f.yaml", 2, 3)).getMessage());
        assertEquals("f.yaml:2:3: `<cwd>` may only start a value, in `/x/<cwd>`",
                assertThrows(PolicyException.class, () -> expansion.expand("/x/<cwd>", "f.yaml", 2, 3)).getMessage());
    }
}
