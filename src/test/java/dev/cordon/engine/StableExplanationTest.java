package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * When several findings tie (one rule matching one path through two globs), the explanation
 * names the same one every time, whatever the JVM did before: its output is a contract.
 */
class StableExplanationTest {

    @Test
    void tiesAreBrokenTheSameWayWhateverTheJvmDidBefore() {
        Decider decider = Decider.standard();
        Evaluation first = decider.read("~/.ssh/id_rsa");
        for (int round = 1; round <= 30; round++) {
            // Identity hash codes are handed out in sequence per thread: use up a different
            // number before each decision.
            for (int i = 0; i < round * 7; i++) {
                System.identityHashCode(new Object());
            }
            assertEquals(first, decider.read("~/.ssh/id_rsa"), "round " + round);
            assertEquals(first.reason(), decider.shell("cat ~/.ssh/id_rsa").reason(), "round " + round);
        }
    }
}
