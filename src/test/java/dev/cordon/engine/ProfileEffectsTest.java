package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.decision.Decision;
import dev.cordon.fact.ExecutorFacts;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What each built-in profile, as the loader resolves it, does to a few typical requests. */
class ProfileEffectsTest {

    private static final ExecutorFacts LOCAL = ExecutorFacts.none("local");

    static Stream<Arguments> effects() {
        return Stream.of(
                // minimal: read-only and strict
                shell("minimal", "ls", Decision.DENY, "mode.read-only-execute"),
                write("minimal", "src/a.c", Decision.DENY, "mode.read-only-write"),
                read("minimal", "src/a.c", Decision.ALLOW, "gate.default-allow"),
                read("minimal", "/etc/hosts", Decision.DENY, "path.outside-allowed"),
                // development: the workspace and temp dir, everything else refused
                shell("development", "npm test", Decision.ALLOW, "gate.default-allow"),
                write("development", "src/a.c", Decision.ALLOW, "gate.default-allow"),
                write("development", "/tmp/out.txt", Decision.ALLOW, "gate.default-allow"),
                read("development", "/etc/hosts", Decision.DENY, "path.outside-allowed"),
                shell("development", "cat ~/.ssh/id_rsa", Decision.DENY, "path.deny-profile"),
                shell("development", "eval \"$X\"", Decision.ASK, "shell.unparsed"),
                // ci: like development, without prompts
                shell("ci", "mvn -B verify", Decision.ALLOW, "gate.default-allow"),
                shell("ci", "cat ../other/README", Decision.DENY, "path.outside-allowed"),
                // untrusted: strict, commands asked for, workspace read-only for file tools
                shell("untrusted", "make", Decision.ASK, "approval.ask-before-execute"),
                write("untrusted", "src/a.c", Decision.DENY, "untrusted.workspace-read-only"),
                write("untrusted", "/tmp/scratch.txt", Decision.ALLOW, "gate.default-allow"),
                shell("untrusted", "eval \"$X\"", Decision.DENY, "shell.unparsed"),
                // read-only: file tools cannot write anywhere
                write("read-only", "src/a.c", Decision.DENY, "read-only.no-file-writes"),
                read("read-only", "/etc/hosts", Decision.ALLOW, "gate.default-allow"),
                // workspace-write: the default
                write("workspace-write", "notes.md", Decision.ALLOW, "gate.default-allow"),
                write("workspace-write", "/opt/app/x", Decision.DENY, "path.outside-allowed"),
                // danger-full-access: no path limits, but the built-in gates still hold
                read("danger-full-access", "/etc/hosts", Decision.ALLOW, "gate.default-allow"),
                shell("danger-full-access", "rm -rf /", Decision.DENY, "shell.deny-recursive-delete-root"),
                write("danger-full-access", ".git/hooks/pre-commit", Decision.DENY, "protected.git-hooks"));
    }

    private static Arguments shell(String profile, String line, Decision decision, String rule) {
        return Arguments.of(profile, "bash", line, decision, rule);
    }

    private static Arguments read(String profile, String path, Decision decision, String rule) {
        return Arguments.of(profile, "read_file", path, decision, rule);
    }

    private static Arguments write(String profile, String path, Decision decision, String rule) {
        return Arguments.of(profile, "write_file", path, decision, rule);
    }

    @ParameterizedTest(name = "{0}: {1} {2}")
    @MethodSource("effects")
    void decides(String profile, String tool, String what, Decision decision, String rule) {
        Decider d = RealProfiles.decider(profile);
        Evaluation e = tool.equals("bash") ? d.shell(what) : d.tool(tool, what);
        assertEquals(decision + " " + rule, e.decision() + " " + e.rule(), e.reason());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limitedProfiles")
    void withoutWriteIsolationLimitedProfilesAskForEveryCommand(String profile) {
        Evaluation e = RealProfiles.decider(profile).executor(LOCAL).shell("make");
        assertEquals(Decision.ASK + " gate.forced-ask", e.decision() + " " + e.rule(), e.reason());
    }

    static Stream<String> limitedProfiles() {
        return Stream.of("development", "ci", "workspace-write");
    }
}
