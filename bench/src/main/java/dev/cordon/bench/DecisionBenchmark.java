package dev.cordon.bench;

import dev.cordon.decision.Decision;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import dev.cordon.rules.RuleDir;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A warm decision with the built-in rules and the {@code development} profile, over a mix of
 * 1,200 distinct command lines and file-tool calls (one per invocation, round robin).
 * {@code Mode.SampleTime} reports p50, p90, p99 of single decisions.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DecisionBenchmark {

    static final int DISTINCT = 1_200;

    private PolicyEngine engine;
    private Resolution resolution;
    private ExecutorFacts executor;
    private List<Request> requests;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Path root = Checkout.root();
        Map<String, String> env = Map.of("HOME", System.getProperty("user.home"), "TMPDIR", "/tmp");
        resolution = new ProfileResolver().resolve(new PolicySources(root, root.resolve("target/bench-user-config"),
                root, env, Overrides.NONE.withProfile("development")));
        engine = PolicyEngine.compile(List.of(RuleDir.trusted(root.resolve("rules"))));
        executor = new ExecutorFacts("landlock", true, true, true);
        requests = new ArrayList<>();
        for (String line : CommandMix.lines(DISTINCT, 42)) {
            requests.add(new Request("bash", line, null, null, root, env, root));
        }
        for (String path : List.of("src/pom.xml", "README.md", ".env", "~/.aws/credentials", "docs/design.md")) {
            requests.add(new Request("read_file", null, null, path, root, env, root));
            requests.add(new Request("write_file", null, null, path, root, env, root));
        }
    }

    /** A decision as a caller that acts on it uses it: decision, rule, reason and location. */
    @Benchmark
    public Decision decide() {
        Evaluation e = next();
        return e.location().isEmpty() ? null : e.decision();
    }

    /**
     * The same with the whole explanation read, as {@code policy test} prints it: every match
     * and why it lost, every gate, every access.
     */
    @Benchmark
    public int decideAndExplain() {
        Evaluation e = next();
        return e.matches().size() + e.gates().size() + e.accesses().size();
    }

    private Evaluation next() {
        Request request = requests.get(next);
        next = next + 1 == requests.size() ? 0 : next + 1;
        return engine.decide(request, resolution.profile(), executor, List.of(), resolution.policyFiles());
    }
}
