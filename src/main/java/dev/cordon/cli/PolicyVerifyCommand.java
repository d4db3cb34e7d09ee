package dev.cordon.cli;

import dev.cordon.diagnostic.FileNames;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.profile.Overrides;
import dev.cordon.verify.CaseFile;
import dev.cordon.verify.CaseRunner;
import dev.cordon.verify.PolicyCase;
import dev.cordon.verify.RuleSetCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon policy verify FILE…}: runs case files (policy test suites, or rule packs'
 * {@code *.cases.yaml}) and prints every case that did not hold, then {@code N passed, N failed}.
 * The rules in force are checked against their own cases first.
 */
@Command(name = "verify", description = "Run case files: policy test suites and rule packs' *.cases.yaml.",
        mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every case held", "4:a case did not",
            "3:a case file, rule or profile file is invalid, or a case of the rules in force failed",
            "1:internal error"})
public final class PolicyVerifyCommand implements Callable<Integer> {

    @ParentCommand
    PolicyCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "Case files: suites (YAML lists of cases) or rule packs' cases (`match`, `not_match`, `cases`).")
    List<Path> files;

    @Override
    public Integer call() {
        PolicyEnvironment env = parent.environment();
        List<PolicyCase> cases = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Path given : files) {
            Path file = env.cwd().resolve(given);
            try {
                cases.addAll(CaseFile.read(file, FileNames.display(file), Provenance.Layer.PROJECT).cases());
            } catch (PolicyException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        CaseRunner runner = new CaseRunner(env, PolicyRules::dirs);
        PolicyEngine rules = PolicyEngine.load(PolicyRules.dirs(env.resolve(Overrides.NONE)));
        RuleSetCheck.Report own = RuleSetCheck.run(rules, runner);
        if (!own.failures().isEmpty()) {
            throw new PolicyException(own.failures());
        }
        CaseRunner.Result result = runner.run(cases, rules);
        PrintWriter out = spec.commandLine().getOut();
        result.failures().forEach(f -> out.println(f.render()));
        out.println(result.passed() + " passed, " + result.failures().size() + " failed");
        out.flush();
        return result.failures().isEmpty() ? ExitCode.OK : ExitCode.MISMATCH;
    }
}
