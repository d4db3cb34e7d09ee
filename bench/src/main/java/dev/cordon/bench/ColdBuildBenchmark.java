package dev.cordon.bench;

import dev.cordon.engine.PolicyEngine;
import dev.cordon.rules.RuleDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The built-in rules' rule base in a fresh JVM, once per fork: what a cold {@code cordon policy
 * test} or {@code cordon run} pays before its first decision. Both ways: from the classes the build
 * precompiled, and compiled from DRL (what any edit of a built-in file, or a build without the
 * precompiled classes, costs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class ColdBuildBenchmark {

    private Path edited;

    /** A copy of the built-in files with a comment added: no longer the files the build precompiled. */
    @Setup(Level.Trial)
    public void copyRules() throws IOException {
        edited = Files.createTempDirectory("cordon-rules");
        try (Stream<Path> files = Files.list(Checkout.root().resolve("rules"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".drl")).toList()) {
                Files.writeString(edited.resolve(file.getFileName()),
                        Files.readString(file, StandardCharsets.UTF_8) + "// edited\n", StandardCharsets.UTF_8);
            }
        }
    }

    @TearDown(Level.Trial)
    public void removeCopy() throws IOException {
        try (Stream<Path> files = Files.walk(edited)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Benchmark
    public PolicyEngine precompiledBuiltInRules() {
        return PolicyEngine.compile(List.of(RuleDir.trusted(Checkout.root().resolve("rules"))));
    }

    @Benchmark
    public PolicyEngine builtInRulesFromDrl() {
        return PolicyEngine.compile(List.of(RuleDir.trusted(edited)));
    }
}
