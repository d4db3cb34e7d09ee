package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.rules.RuleFiles;
import dev.cordon.verify.PolicySuite;
import dev.cordon.verify.SuiteRunner;
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
 * {@code cordon policy verify SUITE.yaml…}: runs policy test suites and prints every request
 * that was not decided as expected, then {@code N passed, N failed}.
 */
@Command(name = "verify", description = "Run policy test suites: the expected decision for each command or path.",
        mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every case was decided as expected", "4:a case was not", "3:a suite, rule or profile file is invalid",
            "1:internal error"})
public final class PolicyVerifyCommand implements Callable<Integer> {

    @ParentCommand
    PolicyCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SUITE", arity = "1..*", description = "Suite files (YAML lists of cases).")
    List<Path> suites;

    @Override
    public Integer call() {
        PolicyEnvironment env = parent.environment();
        List<PolicySuite> read = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Path suite : suites) {
            Path file = env.cwd().resolve(suite);
            try {
                read.add(PolicySuite.read(file, RuleFiles.display(file)));
            } catch (PolicyException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        SuiteRunner.Result result = new SuiteRunner(env, PolicyRules::dirs).run(read);
        PrintWriter out = spec.commandLine().getOut();
        result.mismatches().forEach(m -> out.println(m.render()));
        out.println(result.passed() + " passed, " + result.mismatches().size() + " failed");
        out.flush();
        return result.mismatches().isEmpty() ? ExitCode.OK : ExitCode.MISMATCH;
    }
}
