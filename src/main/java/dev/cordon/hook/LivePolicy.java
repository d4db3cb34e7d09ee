package dev.cordon.hook;

import dev.cordon.approval.StandingApprovals;
import dev.cordon.dispatch.ExecutorChoice;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.Evaluation;
import dev.cordon.executor.ConfinementPlanner;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The policy files as they are now: profiles, config and rules are read for every call (the
 * engine recompiles a rule file only when it changed), so a long-running service never decides
 * with stale policy.
 */
public final class LivePolicy implements HookPolicy {

    private final Path home;
    private final BiFunction<Resolution, Map<String, String>, ExecutorFacts> executor;
    private final ProfileResolver resolver = new ProfileResolver();

    /**
     * @param home the distribution folder
     * @param executor the executor that would run a caller's command under a policy
     */
    public LivePolicy(Path home, BiFunction<Resolution, Map<String, String>, ExecutorFacts> executor) {
        this.home = home;
        this.executor = executor;
    }

    /**
     * The policy with the executors of this registry, probed once and shared; each chosen for the
     * confinement of the caller's workspace and environment, not the server's.
     */
    public static LivePolicy over(Path home, Supplier<ExecutorRegistry> registry) {
        return new LivePolicy(home, (resolution, env) -> ExecutorChoice.facts(ExecutorChoice.select(registry.get(),
                resolution.profile(), null, ConfinementPlanner.plan(resolution.profile(), resolution.workspace(), env,
                        resolution.policyFiles()))));
    }

    @Override
    public Resolution resolve(Path cwd, Path workspace, Map<String, String> env) {
        Overrides flags = new Overrides(null, null, null, workspace, null);
        return resolver.resolve(PolicySources.of(home, cwd, env, flags));
    }

    @Override
    public Evaluation decide(Resolution resolution, Request request, Map<String, String> env) {
        try {
            return PolicyRules.engineFor(resolution).decide(request, resolution.profile(), executor.apply(resolution, env),
                    StandingApprovals.load(StandingApprovals.userFile(env)), resolution.policyFiles());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Path home() {
        return home;
    }
}
