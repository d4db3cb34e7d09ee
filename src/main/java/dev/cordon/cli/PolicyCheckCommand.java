package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.Resolution;
import dev.cordon.verify.CaseRunner;
import dev.cordon.verify.RuleSetCheck;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon policy check}: compiles every rule file in force, loads every profile, runs the
 * cases rule files carry and requires a case for every rule. Each problem is printed as
 * {@code file:line:col: message}.
 */
@Command(name = "check", description = "Validate every rule and profile file in force and run the rule files' cases.",
        mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:everything is valid", "3:a rule file, profile or case has a problem, or a rule has no case",
            "1:internal error"})
public final class PolicyCheckCommand implements Callable<Integer> {

    @ParentCommand
    PolicyCommand parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PolicyEnvironment env = parent.environment();
        PrintWriter out = spec.commandLine().getOut();
        Set<Problem> problems = new LinkedHashSet<>();
        Resolution resolution;
        try {
            resolution = env.resolve(Overrides.NONE);
        } catch (PolicyException e) {
            return report(out, List.copyOf(e.problems()), "the profile in force does not load");
        }
        int rules = 0;
        int cases = 0;
        try {
            // A cached engine compiled these very files (same paths, sizes, times), so it is as valid.
            PolicyEngine engine = PolicyEngine.load(PolicyRules.dirs(resolution));
            rules = engine.rules().size();
            RuleSetCheck.Report report = RuleSetCheck.run(engine, new CaseRunner(env, PolicyRules::dirs));
            cases = report.cases();
            problems.addAll(report.failures());
            problems.addAll(report.unnamed());
        } catch (PolicyException e) {
            problems.addAll(e.problems());
        }
        List<String> names = env.profileNames();
        for (String name : names) {
            try {
                PolicyEngine.check(env.resolve(Overrides.NONE.withProfile(name)).profile());
            } catch (PolicyException e) {
                problems.addAll(e.problems());
            }
        }
        String summary = "checked " + count(rules, "rule") + " in " + count(resolution.ruleDirs().size(), "folder")
                + ", " + count(names.size(), "profile") + ", " + count(cases, "case");
        return report(out, new ArrayList<>(problems), summary);
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static int report(PrintWriter out, List<Problem> problems, String summary) {
        problems.forEach(p -> out.println(p.render()));
        out.println(summary + ": " + (problems.isEmpty() ? "ok" : problems.size() + " problem"
                + (problems.size() == 1 ? "" : "s")));
        out.flush();
        return problems.isEmpty() ? ExitCode.OK : ExitCode.INVALID_POLICY;
    }
}
