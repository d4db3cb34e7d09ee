package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Profile;
import dev.cordon.request.Request;
import dev.cordon.rules.RuleCompiler;
import dev.cordon.rules.RuleDir;
import dev.cordon.rules.RuleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's facts stay in a session between decisions only while that decides exactly as a
 * fresh session would: when every rule needs a fact of the request.
 */
class SharedFactSessionsTest {

    private static final String HEADER = """
            package team.rules
            dialect "mvel"
            import dev.cordon.fact.Call
            import dev.cordon.fact.Finding
            import dev.cordon.fact.Gate
            import dev.cordon.fact.Outcome
            import dev.cordon.fact.Policy
            """;

    @Test
    void theBuiltInRulesKeepTheProfilesFacts() {
        assertTrue(sessions(List.of(RuleDir.trusted(BuiltinRules.dir()))).accepts(shared()));
    }

    @Test
    void aRuleMatchingTheProfilesFactsAloneKeepsThemOut(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + """
                declare StrictTeam end

                rule "team.strict"
                when
                    Policy( )
                then
                    insert( new StrictTeam() );
                end

                rule "team.strict-refuses"
                when
                    StrictTeam( )
                    $call : Call( )
                then
                    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $call, "this team refuses everything" ) );
                end
                """);
        List<RuleDir> dirs = List.of(RuleDir.trusted(BuiltinRules.dir()), RuleDir.trusted(dir));
        assertFalse(sessions(dirs).accepts(shared()));
        PolicyEngine engine = PolicyEngine.compile(dirs);
        Profile profile = TestProfiles.standard().build();
        Path workspace = Path.of(Decider.WORKSPACE);
        for (int i = 0; i < 3; i++) {
            Evaluation e = engine.decide(new Request("bash", "ls", null, null, workspace, Map.of("HOME", Decider.HOME),
                    workspace), profile, new ExecutorFacts("landlock", true, true, true), List.of(), List.of());
            assertEquals(Decision.DENY + " team.strict-refuses", e.decision() + " " + e.rule(), "decision " + i);
        }
    }

    @Test
    void aRuleStartingWithNotKeepsThemOut(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + """
                rule "team.nothing-yet"
                when
                    not Outcome( )
                then
                end
                """);
        assertFalse(sessions(List.of(RuleDir.trusted(dir))).accepts(shared()));
    }

    @Test
    void aRuleOnARequestFactKeepsThemIn(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + """
                rule "team.any-call"
                when
                    Policy( )
                    not Outcome( )
                    $call : Call( )
                then
                end
                """);
        assertTrue(sessions(List.of(RuleDir.trusted(dir))).accepts(shared()));
    }

    private static SharedFactSessions sessions(List<RuleDir> dirs) {
        return new SharedFactSessions(RuleCompiler.compile(RuleFiles.read(dirs)).trusted());
    }

    /** What a decision under a standard profile shares with the others. */
    private static List<Object> shared() {
        List<Object> shared = new ArrayList<>(ProfileFacts.of(TestProfiles.standard().build()).facts());
        shared.add(new ExecutorFacts("landlock", true, true, true));
        shared.add(ProtectedPaths.of(List.of(Path.of("/home/dev/.config/cordon/config.yaml"))));
        return shared;
    }
}
