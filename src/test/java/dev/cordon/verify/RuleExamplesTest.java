package dev.cordon.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.BuiltinRules;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.rules.RuleInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The examples every built-in rule pack carries hold, and every gate rule has one. */
class RuleExamplesTest {

    /** Rules that derive facts or resolve the order rather than raise findings of their own. */
    private static final Set<String> NO_FINDINGS = Set.of("path.rule-matches", "path.rule", "command.rule-matches",
            "command.rule", "shell.system-directory", "mode.off", "trust.untrusted-may-only-tighten",
            "approval.standing", "resolve.first-gate-per-subject", "resolve.first-refusing-gate",
            "resolve.first-allowing-gate", "path.invalid", "protected.policy-files",
            "path.data-free-device", "shell.downloaded-file", "shell.downloaded-archive-unpacked");

    private static final Path RULES = Path.of(System.getProperty("cordon.root", ".")).resolve("rules");

    @Test
    void builtInExamplesHold() {
        ExampleCheck.Report report = ExampleCheck.run(BuiltinRules.engine());
        assertEquals(List.of(), report.problems().stream().map(Problem::render).toList());
        assertTrue(report.examples() >= 100, "only " + report.examples() + " examples");
    }

    @Test
    void everyRuleThatRaisesFindingsHasAMatchExample() throws IOException {
        PolicyEngine engine = BuiltinRules.engine();
        String examples;
        try (var files = Files.list(RULES)) {
            examples = files.filter(p -> p.toString().endsWith(".cases.yaml")).map(p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).collect(Collectors.joining("\n"));
        }
        Set<String> missing = new TreeSet<>();
        for (RuleInfo rule : engine.rules()) {
            if (!NO_FINDINGS.contains(rule.id()) && !examples.contains("rule: " + rule.id() + "\n")) {
                missing.add(rule.id());
            }
        }
        assertEquals(Set.of(), missing);
    }
}
