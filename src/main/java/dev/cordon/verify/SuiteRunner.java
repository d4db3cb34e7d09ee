package dev.cordon.verify;

import dev.cordon.engine.Evaluation;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import dev.cordon.rules.RuleDir;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs policy test suites against the policy in force: each case is decided as
 * {@code cordon policy test} would decide it, under its own profile when it names one.
 */
public final class SuiteRunner {

    /**
     * A case that was not decided as expected.
     *
     * @param source the case
     * @param message what happened instead, one line
     */
    public record Mismatch(PolicyCase source, String message) {

        /** {@code file:line:col: message}. */
        public String render() {
            return source.location() + ": " + message;
        }
    }

    /**
     * What a run showed.
     *
     * @param passed cases decided as expected
     * @param mismatches the others
     */
    public record Result(int passed, List<Mismatch> mismatches) {
    }

    private final PolicyEnvironment env;
    private final Function<Resolution, List<RuleDir>> ruleDirs;
    private final Map<String, Resolution> resolutions = new HashMap<>();

    /**
     * @param env the policy in force
     * @param ruleDirs the rule folders of a resolution, with their trust
     */
    public SuiteRunner(PolicyEnvironment env, Function<Resolution, List<RuleDir>> ruleDirs) {
        this.env = env;
        this.ruleDirs = ruleDirs;
    }

    public Result run(List<PolicySuite> suites) {
        int passed = 0;
        List<Mismatch> mismatches = new ArrayList<>();
        for (PolicySuite suite : suites) {
            for (PolicyCase c : suite.cases()) {
                String problem = check(c);
                if (problem == null) {
                    passed++;
                } else {
                    mismatches.add(new Mismatch(c, problem));
                }
            }
        }
        return new Result(passed, List.copyOf(mismatches));
    }

    /** Null when the case holds, else what happened instead. */
    private String check(PolicyCase c) {
        Resolution resolution = resolutions.computeIfAbsent(c.profile() == null ? "" : c.profile(),
                name -> env.resolve(name.isEmpty() ? Overrides.NONE : Overrides.NONE.withProfile(name)));
        Path cwd = c.cwd() == null ? env.cwd() : env.cwd().resolve(c.cwd());
        Request request = new Request(c.tool(), c.command(), null, c.path(), cwd, env.env(), resolution.workspace(),
                c.connection());
        Evaluation e = PolicyEngine.load(ruleDirs.apply(resolution)).decide(request, resolution.profile(),
                env.executorFor(resolution.profile()), env.approvals(), resolution.policyFiles());
        boolean decisionOk = e.decision() == c.expect();
        boolean ruleOk = c.rule() == null || c.rule().equals(e.rule());
        if (decisionOk && ruleOk) {
            return null;
        }
        String expected = c.expect() + (c.rule() == null ? "" : " by `" + c.rule() + "`");
        return c.describe() + " under profile `" + resolution.profile().name() + "`: expected " + expected + ", got "
                + e.decision() + " by `" + e.rule() + "` (" + e.location() + ")";
    }
}
