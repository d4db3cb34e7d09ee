package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import dev.cordon.request.Request;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Escape attempts, by class, against the built-in {@code development} profile: none is allowed,
 * and every look-alike is allowed with nothing left not understood. Under a strict profile
 * ({@code untrusted}) what is not understood is denied, not asked: no attempt gets an ASK.
 */
class EscapeCorpusTest {

    private static final Decider DEVELOPMENT = RealProfiles.decider("development");
    private static final Decider STRICT = RealProfiles.decider("untrusted");
    /** Per class: attacks refused, attacks denied, attacks, look-alikes allowed, look-alikes. */
    private static final Map<String, int[]> TALLY = new TreeMap<>();

    @TestFactory
    Stream<DynamicTest> corpus() {
        return EscapeCorpus.read().stream().map(entry -> DynamicTest.dynamicTest(
                entry.group() + ":" + entry.line() + " " + entry, () -> check(entry)));
    }

    @TestFactory
    Stream<DynamicTest> strictModeDeniesEveryAttempt() {
        return EscapeCorpus.read().stream().filter(EscapeCorpus.Entry::attack).map(entry -> DynamicTest.dynamicTest(
                entry.group() + ":" + entry.line() + " " + entry, () -> {
                    Evaluation e = decide(STRICT, entry);
                    assertEquals(Decision.DENY, e.decision(), e.decision() + " by " + e.rule() + ": " + e.reason());
                }));
    }

    private static Evaluation decide(Decider decider, EscapeCorpus.Entry entry) {
        Path cwd = Path.of(Decider.WORKSPACE).resolve(entry.cwd());
        return decider.decide(new Request("bash", entry.command(), null, null, cwd,
                Map.of("HOME", Decider.HOME), Path.of(Decider.WORKSPACE)));
    }

    private static void check(EscapeCorpus.Entry entry) {
        Evaluation e = decide(DEVELOPMENT, entry);
        int[] tally = TALLY.computeIfAbsent(entry.group(), g -> new int[5]);
        String why = e.decision() + " by " + e.rule() + ": " + e.reason() + " " + e.problems();
        if (entry.attack()) {
            tally[2]++;
            tally[0] += e.decision() == Decision.ALLOW ? 0 : 1;
            tally[1] += e.decision() == Decision.DENY ? 1 : 0;
            assertNotEquals(Decision.ALLOW, e.decision(), why);
        } else {
            tally[4]++;
            boolean ok = e.decision() == Decision.ALLOW && e.problems().isEmpty();
            tally[3] += ok ? 1 : 0;
            assertEquals(Decision.ALLOW, e.decision(), why);
            assertTrue(e.problems().isEmpty(), why);
        }
    }

    @AfterAll
    static void summary() {
        List<String> rows = new ArrayList<>();
        TALLY.forEach((group, t) -> rows.add(String.format("%-26s attacks refused %3d/%-3d (denied %3d)   look-alikes allowed %3d/%-3d",
                group, t[0], t[2], t[1], t[3], t[4])));
        System.out.println("escape corpus, profile development:\n  " + String.join("\n  ", rows));
    }
}
