package dev.cordon.cli;

import dev.cordon.approval.StandingApproval;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * A policy environment over the checkout's rules and profiles, a user config folder and a project
 * of the test's own, and an executor fixed by the test.
 */
final class PolicyTestEnvironment implements PolicyEnvironment {

    private final Path root;
    private final Path cwd;
    private final Path userConfig;
    private final Map<String, String> env;
    private ExecutorFacts executor = new ExecutorFacts("landlock", true, true, true);
    private List<StandingApproval> approvals = List.of();

    PolicyTestEnvironment(Path cwd, Path userConfig, Map<String, String> env) {
        this(cordonRoot(), cwd, userConfig, env);
    }

    /** The same over another distribution's rules and profiles. */
    PolicyTestEnvironment(Path root, Path cwd, Path userConfig, Map<String, String> env) {
        this.root = root;
        this.cwd = cwd;
        this.userConfig = userConfig;
        this.env = Map.copyOf(env);
    }

    static Path cordonRoot() {
        return Path.of(System.getProperty("cordon.root", ".")).toAbsolutePath();
    }

    /**
     * Runs {@code cordon policy ARGS} in-process in this environment, with the root command
     * line's mapping of invalid policy (exit 3, named file by file), and returns the exit code.
     */
    int policy(List<String> args, StringWriter out, StringWriter err) {
        CommandLine line = new CommandLine(new PolicyCommand(() -> this));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof PolicyException policy) {
                policy.problems().stream().map(Problem::render).forEach(p -> cmd.getErr().println("error: " + p));
                return ExitCode.INVALID_POLICY;
            }
            throw e;
        });
        return line.execute(args.toArray(String[]::new));
    }

    PolicyTestEnvironment executor(ExecutorFacts value) {
        executor = value;
        return this;
    }

    PolicyTestEnvironment approvals(StandingApproval... value) {
        approvals = List.of(value);
        return this;
    }

    @Override
    public Resolution resolve(Overrides overrides) {
        return new ProfileResolver().resolve(new PolicySources(root, userConfig, cwd, env, overrides));
    }

    @Override
    public ExecutorFacts executorFor(Profile profile) {
        return executor;
    }

    @Override
    public List<String> profileNames() {
        return new ProfileResolver().names(new PolicySources(root, userConfig, cwd, env, Overrides.NONE));
    }

    @Override
    public List<StandingApproval> approvals() {
        return approvals;
    }

    @Override
    public Path cwd() {
        return cwd;
    }

    @Override
    public Map<String, String> env() {
        return env;
    }
}
