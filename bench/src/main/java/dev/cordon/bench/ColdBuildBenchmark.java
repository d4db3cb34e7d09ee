package dev.cordon.bench;

import dev.cordon.engine.PolicyEngine;
import dev.cordon.rules.RuleDir;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Compiling the built-in rules in a fresh JVM, once per fork: what a cold {@code cordon policy
 * test} or {@code cordon run} pays before its first decision.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class ColdBuildBenchmark {

    @Benchmark
    public PolicyEngine compileBuiltInRules() {
        return PolicyEngine.compile(List.of(RuleDir.trusted(Checkout.root().resolve("rules"))));
    }
}
