package dev.cordon.rules;

import dev.cordon.diagnostic.FileNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.BuiltinRules;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.Match;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.fact.ExecutorFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Rules of a project the user has not trusted can tighten the policy, never loosen it, and run no code. */
class UntrustedRulesTest {

    private static final String HEADER = "package project.rules\ndialect \"mvel\"\nimport dev.cordon.fact.Command\n"
            + "import dev.cordon.fact.Finding\nimport dev.cordon.fact.Gate\nimport dev.cordon.decision.Decision\n";

    /** Tries to allow every command at the first gate, which would shadow every refusal. */
    private static final String LOOSEN = HEADER + "\nrule \"project.allow-everything\"\nwhen\n    $c : Command( )\n"
            + "then\n    insert( Finding.of( kcontext, Gate.PROTECTED, Decision.ALLOW, $c, \"fine\" ) );\nend\n";

    private static final String TIGHTEN = HEADER + "\nrule \"project.no-publish\"\nwhen\n"
            + "    $c : Command( program == \"npm\", operands contains \"publish\" )\n"
            + "then\n    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $c, \"no publishing from here\" ) );\nend\n";

    /** The resolution rules and one built-in pack: enough to show a built-in refusal, quick to compile. */
    private static Path builtIn(Path dir) throws IOException {
        Path rules = Files.createDirectories(dir.resolve("builtin"));
        for (String name : List.of("resolve.drl", "destruction.drl")) {
            Files.copy(BuiltinRules.dir().resolve(name), rules.resolve(name));
        }
        return rules;
    }

    private static Evaluation decide(List<RuleDir> dirs, String line) {
        return PolicyEngine.compile(dirs).decide(RuleCompilerTest.shell(line), RuleCompilerTest.profile(),
                new ExecutorFacts("landlock", true, true, true), List.of(), List.of());
    }

    @Test
    void untrustedRulesCannotLoosen(@TempDir Path tmp) throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("loosen.drl"), LOOSEN);
        List<RuleDir> dirs = List.of(RuleDir.trusted(builtIn(tmp)), RuleDir.untrusted(project));
        Evaluation e = decide(dirs, "rm -rf /");
        assertEquals(Decision.DENY, e.decision());
        assertEquals("shell.deny-recursive-delete-root", e.rule());
        Match ignored = e.matches().stream().filter(m -> m.rule().equals("project.allow-everything")).findFirst()
                .orElseThrow();
        assertTrue(ignored.lost().contains("not trusted"), ignored.lost());
        assertTrue(ignored.file().endsWith("loosen.drl"), ignored.file());
    }

    @Test
    void theSameRulesLoosenOnceTheProjectIsTrusted(@TempDir Path tmp) throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("loosen.drl"), LOOSEN);
        List<RuleDir> dirs = List.of(RuleDir.trusted(builtIn(tmp)), RuleDir.trusted(project));
        Evaluation e = decide(dirs, "rm -rf /");
        assertEquals(Decision.ALLOW, e.decision());
        assertEquals("project.allow-everything", e.rule());
    }

    @Test
    void untrustedRulesCanTighten(@TempDir Path tmp) throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("tighten.drl"), TIGHTEN);
        List<RuleDir> dirs = List.of(RuleDir.trusted(builtIn(tmp)), RuleDir.untrusted(project));
        Evaluation e = decide(dirs, "npm publish");
        assertEquals(Decision.DENY, e.decision());
        assertEquals("project.no-publish", e.rule());
        assertTrue(e.file().endsWith("tighten.drl"), e.file());
        assertEquals(Decision.ALLOW, PolicyEngine.compile(dirs).decide(RuleCompilerTest.shell("npm test"),
                RuleCompilerTest.profile(), new ExecutorFacts("landlock", true, true, true), List.of(), List.of())
                .decision());
    }

    @Test
    void untrustedRulesMayNotRunCode(@TempDir Path project) throws IOException {
        Path file = Files.writeString(project.resolve("evil.drl"), HEADER + "\nrule \"project.evil\"\nwhen\n"
                + "    $c : Command( )\nthen\n    java.lang.Runtime.getRuntime().exec( \"touch /tmp/pwned\" );\nend\n");
        PolicyException e = assertThrows(PolicyException.class,
                () -> PolicyEngine.compile(List.of(RuleDir.untrusted(project))));
        Problem first = e.problems().get(0);
        assertEquals(FileNames.display(file), first.file());
        assertEquals(12, first.line());
        assertEquals(5, first.column());
        assertTrue(first.message().contains("`java`"), first.message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"$c.getClass().getClassLoader()", "System.exit( 1 )", "new Thread( )",
        "$c.text().getBytes()", "kcontext.getKieRuntime().halt()", "drools.halt()"})
    void untrustedConsequencesAreHeldToTheVocabulary(String code, @TempDir Path project) throws IOException {
        Files.writeString(project.resolve("evil.drl"), HEADER + "\nrule \"project.evil\"\nwhen\n"
                + "    $c : Command( )\nthen\n    " + code + ";\nend\n");
        PolicyException e = assertThrows(PolicyException.class,
                () -> PolicyEngine.compile(List.of(RuleDir.untrusted(project))));
        assertTrue(e.problems().get(0).message().startsWith("untrusted project rules may not use `"), e.getMessage());
    }

    @Test
    void untrustedRulesMayImportOnlyFactTypes(@TempDir Path project) throws IOException {
        Files.writeString(project.resolve("imports.drl"), HEADER + "import java.io.File\n");
        PolicyException e = assertThrows(PolicyException.class,
                () -> PolicyEngine.compile(List.of(RuleDir.untrusted(project))));
        assertTrue(e.problems().get(0).message().contains("may import only fact types, not `java.io.File`"),
                e.getMessage());
    }

    @Test
    void untrustedRulesMustUseMvel(@TempDir Path project) throws IOException {
        Files.writeString(project.resolve("java.drl"), HEADER.replace("dialect \"mvel\"", "dialect \"java\""));
        PolicyException e = assertThrows(PolicyException.class,
                () -> PolicyEngine.compile(List.of(RuleDir.untrusted(project))));
        assertTrue(e.getMessage().contains("must declare `dialect \"mvel\"`"), e.getMessage());
    }

    @Test
    void unicodeEscapesCannotHideCode(@TempDir Path project) throws IOException {
        Files.writeString(project.resolve("esc.drl"), HEADER + "// \\u000a java.lang.Runtime\n");
        PolicyException e = assertThrows(PolicyException.class,
                () -> PolicyEngine.compile(List.of(RuleDir.untrusted(project))));
        assertTrue(e.getMessage().contains("unicode escapes"), e.getMessage());
    }

    @Test
    void trustedRulesAreNotHeldToTheVocabulary(@TempDir Path team) throws IOException {
        Files.writeString(team.resolve("team.drl"), HEADER + "import java.util.Locale\n");
        assertEquals(0, PolicyEngine.compile(List.of(RuleDir.trusted(team))).rules().size());
    }
}
