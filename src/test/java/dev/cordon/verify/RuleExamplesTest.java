package dev.cordon.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.BuiltinRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cases every built-in rule pack carries hold, and every built-in rule is named by one. */
class RuleExamplesTest {

    @Test
    void builtInCasesHoldAndNameEveryRule() {
        RuleSetCheck.Report report = RuleSetCheck.run(BuiltinRules.engine(), CaseRunner.neutralOnly());
        assertEquals(List.of(), report.failures().stream().map(Problem::render).toList());
        assertEquals(List.of(), report.unnamed().stream().map(Problem::render).toList());
        assertTrue(report.cases() >= 100, "only " + report.cases() + " cases");
    }
}
