package dev.cordon.rules;

import dev.cordon.diagnostic.FileNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Origins;
import dev.cordon.profile.Profile;
import dev.cordon.request.Request;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broken rule files are refused with the file, line and column of each problem. */
class RuleCompilerTest {

    private static final String HEADER = "package team.rules\ndialect \"mvel\"\nimport dev.cordon.fact.Command\n"
            + "import dev.cordon.fact.Finding\nimport dev.cordon.fact.Gate\n";

    private static PolicyException compileFails(Path dir) {
        return assertThrows(PolicyException.class, () -> PolicyEngine.compile(List.of(RuleDir.trusted(dir))));
    }

    @Test
    void syntaxErrorNamesFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("team.drl"), HEADER + "\nrule \"team.broken\"\nwhen\n"
                + "    $c : Command( program == )\nthen\nend\n");
        List<Problem> problems = compileFails(dir).problems();
        assertEquals(1, problems.size(), problems.toString());
        Problem p = problems.get(0);
        assertEquals(FileNames.display(file), p.file());
        assertEquals(9, p.line(), p.render());
        assertEquals(30, p.column(), p.render());
        assertEquals("no viable alternative at input ')' in rule \"team.broken\"", p.message());
    }

    @Test
    void unknownFactTypeNamesTheLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + "\nrule \"team.unknown\"\nwhen\n"
                + "    Nonsense( )\nthen\nend\n");
        Problem p = compileFails(dir).problems().get(0);
        assertTrue(p.file().endsWith("team.drl"), p.render());
        assertEquals(9, p.line(), p.render());
    }

    @Test
    void everyBrokenFileIsReported(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.drl"), HEADER + "rule \"a.one\" when Command( program == ) then end\n");
        Files.writeString(dir.resolve("b.drl"), HEADER + "rule \"b.one\" when Command( program == ) then end\n");
        List<Problem> problems = compileFails(dir).problems();
        assertTrue(problems.stream().anyMatch(p -> p.file().endsWith("a.drl")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.file().endsWith("b.drl")), problems.toString());
    }

    @Test
    void ruleIdsMustBeUniqueAcrossFiles(@TempDir Path dir) throws IOException {
        String rule = "rule \"team.same\"\nwhen\n    Command( )\nthen\nend\n";
        Files.writeString(dir.resolve("a.drl"), HEADER + rule);
        Files.writeString(dir.resolve("b.drl"), HEADER.replace("team.rules", "other.rules") + rule);
        Problem p = compileFails(dir).problems().get(0);
        assertTrue(p.file().endsWith("b.drl"), p.render());
        assertEquals(6, p.line());
        assertTrue(p.message().contains("`team.same` is already defined at"), p.message());
    }

    @Test
    void ruleFailingWhileDecidingIsAPolicyErrorWithItsLocation(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + "\nrule \"team.throws\"\nwhen\n    $c : Command( )\n"
                + "then\n    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $c, $c.args().get(5) ) );\nend\n");
        PolicyEngine engine = PolicyEngine.compile(List.of(RuleDir.trusted(dir)));
        PolicyException e = assertThrows(PolicyException.class, () -> engine.decide(shell("ls"), profile(),
                ExecutorFacts.none("local"), List.of(), List.of()));
        Problem p = e.problems().get(0);
        assertTrue(p.file().endsWith("team.drl"), p.render());
        assertEquals(7, p.line(), p.render());
        assertTrue(p.message().startsWith("rule `team.throws` failed while deciding"), p.message());
    }

    @Test
    void rulesThatNeverSettleAreRefused(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER + "import dev.cordon.fact.ShellFunction\n"
                + "rule \"team.loop\"\nwhen\n    ShellFunction( )\nthen\n"
                + "    insert( new ShellFunction( \"f\" + System.nanoTime() ) );\nend\n");
        PolicyEngine engine = PolicyEngine.compile(List.of(RuleDir.trusted(dir)));
        PolicyException e = assertThrows(PolicyException.class, () -> engine.decide(shell("f() { :; }"), profile(),
                ExecutorFacts.none("local"), List.of(), List.of()));
        assertTrue(e.getMessage().contains("did not settle"), e.getMessage());
    }

    @Test
    void withoutResolutionRulesNothingIsDecided(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("team.drl"), HEADER);
        PolicyEngine engine = PolicyEngine.compile(List.of(RuleDir.trusted(dir)));
        PolicyException e = assertThrows(PolicyException.class, () -> engine.decide(shell("ls"), profile(),
                ExecutorFacts.none("local"), List.of(), List.of()));
        assertTrue(e.getMessage().contains("resolve.drl"), e.getMessage());
    }

    static Request shell(String line) {
        return new Request("bash", line, null, null, Path.of("/home/dev/project"), Map.of("HOME", "/home/dev"),
                Path.of("/home/dev/project"));
    }

    static Profile profile() {
        return new Profile("test", Profile.Mode.STANDARD, "auto", "none", false, new Profile.Approval(false, false),
                List.of(), List.of(), List.of(), List.of(), List.of(),
                new Profile.Filesystem(List.of(), List.of(), List.of()), new Profile.Network(false, List.of(), List.of()),
                new Profile.Resources(0, 0, 0, 0, 0, 0, 0, 0), new Profile.Environment(List.of(), Map.of()),
                Profile.OnViolation.BLOCK, new Profile.Audit(false, "", false, false), Profile.Escalation.ASK, Profile.Enforce.STRICT, Origins.NONE);
    }
}
