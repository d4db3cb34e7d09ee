package dev.cordon.verify;

import dev.cordon.approval.StandingApproval;
import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.Match;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.Profile;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import dev.cordon.request.Tool;
import dev.cordon.rules.RuleDir;
import dev.cordon.rules.RuleFile;
import dev.cordon.rules.RuleInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs cases: those under the neutral profile against the rules given, the others as
 * {@code cordon policy test} would decide them, under their own profile when they name one.
 */
public final class CaseRunner {

    /**
     * What a run showed.
     *
     * @param passed cases that held
     * @param failures the others, each at its case's {@code file:line:col}
     */
    public record Result(int passed, List<Problem> failures) {
    }

    private final PolicyEnvironment env;
    private final Function<Resolution, List<RuleDir>> ruleDirs;
    private final Map<String, Resolution> resolutions = new HashMap<>();
    /**
     * What each case came to: {@code policy verify} runs the rules' own cases, then the files
     * given, often the same cases (the rule packs' own files, or copies of them).
     */
    private final Map<Checked, String> checked = new HashMap<>();

    /** A case without where it is written, and the rule files it was decided with. */
    private record Checked(PolicyCase.Kind kind, String tool, String command, String path, Object connection,
            String cwd, String profile, PolicyCase.ExampleSettings settings, Object expect, String rule,
            List<RuleFile> rules) {

        Checked(PolicyCase c, PolicyEngine rules) {
            this(c.kind(), c.tool(), c.command(), c.path(), c.connection(), c.cwd(), c.profile(), c.settings(),
                    c.expect(), c.rule(), rules.files());
        }
    }

    /**
     * @param env the policy in force
     * @param ruleDirs the rule folders of a resolution, with their layer and trust
     */
    public CaseRunner(PolicyEnvironment env, Function<Resolution, List<RuleDir>> ruleDirs) {
        this.env = env;
        this.ruleDirs = ruleDirs;
    }

    /** A runner without a policy in force: only cases under the neutral profile can run. */
    public static CaseRunner neutralOnly() {
        return new CaseRunner(null, null);
    }

    /** Runs the cases; those under the neutral profile are decided by {@code rules}. */
    public Result run(List<PolicyCase> cases, PolicyEngine rules) {
        int passed = 0;
        List<Problem> failures = new ArrayList<>();
        for (PolicyCase c : cases) {
            Checked key = new Checked(c, rules);
            String problem = checked.containsKey(key) ? checked.get(key) : check(c, rules);
            checked.put(key, problem);
            if (problem == null) {
                passed++;
            } else {
                failures.add(new Problem(c.file(), c.line(), c.column(), problem));
            }
        }
        return new Result(passed, List.copyOf(failures));
    }

    /** What a case is decided with. */
    private record Setting(PolicyEngine engine, Request request, Profile profile, ExecutorFacts executor,
            List<StandingApproval> approvals, List<Path> policyFiles) {
    }

    /** Null when the case holds, else what happened instead. */
    private String check(PolicyCase c, PolicyEngine rules) {
        if (!c.neutral() && env == null) {
            return c.describe() + " needs the policy in force; give it `with:` to run under the neutral profile";
        }
        Setting s = c.neutral() ? neutral(c, rules) : inForce(c);
        PolicyEngine.Trace trace;
        try {
            trace = s.engine().trace(s.request(), s.profile(), s.executor(), s.approvals(), s.policyFiles());
        } catch (IllegalArgumentException e) {
            return "cannot decide " + c.describe() + ": " + e.getMessage();
        }
        if (c.kind() != PolicyCase.Kind.DECISION && !known(s).contains(c.rule())) {
            return "unknown rule `" + c.rule() + "`";
        }
        return verdict(c, trace, s.profile());
    }

    private static Setting neutral(PolicyCase c, PolicyEngine rules) {
        Path workspace = Path.of(ExampleProfile.WORKSPACE);
        Path cwd = c.cwd() == null ? workspace : workspace.resolve(c.cwd());
        Request request = new Request(Tool.of(c.tool()), c.command(), null, c.path(), cwd,
                Map.of("HOME", ExampleProfile.HOME), workspace, c.connection());
        return new Setting(rules, request, ExampleProfile.of(c.settings()), ExampleProfile.executor(c.settings()),
                c.settings().approvals(), ExampleProfile.policyFiles(c.settings()));
    }

    private Setting inForce(PolicyCase c) {
        Resolution resolution = resolutions.computeIfAbsent(c.profile() == null ? "" : c.profile(),
                name -> env.resolve(name.isEmpty() ? Overrides.NONE : Overrides.NONE.withProfile(name)));
        Path cwd = c.cwd() == null ? env.cwd() : env.cwd().resolve(c.cwd());
        Request request = new Request(Tool.of(c.tool()), c.command(), null, c.path(), cwd, env.env(),
                resolution.workspace(), c.connection());
        return new Setting(PolicyEngine.load(ruleDirs.apply(resolution)), request, resolution.profile(),
                env.executorFor(resolution.profile()), env.approvals(), resolution.policyFiles());
    }

    private static String verdict(PolicyCase c, PolicyEngine.Trace trace, Profile profile) {
        Evaluation e = trace.evaluation();
        String got = e.decision() + " by `" + e.rule() + "` (" + e.location() + ")";
        if (c.kind() != PolicyCase.Kind.DECISION) {
            boolean fired = trace.fired().contains(c.rule())
                    || e.matches().stream().map(Match::rule).anyMatch(c.rule()::equals);
            boolean wanted = c.kind() == PolicyCase.Kind.MATCH;
            if (fired != wanted) {
                return "`" + c.rule() + "` should " + (wanted ? "" : "not ") + "match " + c.describe() + " but "
                        + (fired ? "it does" : "it does not") + " (decided " + got + ")";
            }
            if (c.expect() != null && c.expect() != e.decision()) {
                return c.describe() + ": expected " + c.expect() + ", got " + got;
            }
            return null;
        }
        boolean decisionOk = e.decision() == c.expect();
        boolean ruleOk = c.rule() == null || c.rule().equals(e.rule());
        if (decisionOk && ruleOk) {
            return null;
        }
        String expected = c.expect() + (c.rule() == null ? "" : " by `" + c.rule() + "`");
        return c.describe() + " under profile `" + profile.name() + "`: expected " + expected + ", got " + got;
    }

    /** What a {@code match} case may name: a DRL rule in force, a rule of the profile, an approval. */
    private static Set<String> known(Setting s) {
        Set<String> ids = new HashSet<>();
        s.engine().rules().stream().map(RuleInfo::id).forEach(ids::add);
        s.profile().pathRules().forEach(r -> ids.add(r.id()));
        s.profile().commandRules().forEach(r -> ids.add(r.id()));
        s.approvals().forEach(a -> ids.add(a.id()));
        return ids;
    }
}
