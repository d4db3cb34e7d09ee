package dev.cordon.hook;

import dev.cordon.approval.StandingApprovals;
import dev.cordon.dispatch.ExecutorChoice;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.Evaluation;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The policy files as they are now: profiles, config and rules are read for every call (the
 * engine recompiles a rule file only when it changed), so a long-running service never decides
 * with stale policy.
 */
public final class LivePolicy implements HookPolicy {

    private final Path home;
    private final Function<Profile, ExecutorFacts> executor;
    private final ProfileResolver resolver = new ProfileResolver();

    /**
     * @param home the distribution folder
     * @param executor the executor that would run a command under a profile
     */
    public LivePolicy(Path home, Function<Profile, ExecutorFacts> executor) {
        this.home = home;
        this.executor = executor;
    }

    /** The policy with the executors of this registry, probed once and shared. */
    public static LivePolicy over(Path home, Supplier<ExecutorRegistry> registry) {
        return new LivePolicy(home, profile -> ExecutorChoice.facts(ExecutorChoice.select(registry.get(), profile, null)));
    }

    @Override
    public Resolution resolve(Path cwd, Path workspace, Map<String, String> env) {
        Overrides flags = new Overrides(null, null, null, workspace, null);
        return resolver.resolve(PolicySources.of(home, cwd, env, flags));
    }

    @Override
    public Evaluation decide(Resolution resolution, Request request, Map<String, String> env) {
        try {
            return PolicyRules.engineFor(resolution).decide(request, resolution.profile(),
                    executor.apply(resolution.profile()), StandingApprovals.load(StandingApprovals.userFile(env)), resolution.policyFiles());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Path home() {
        return home;
    }
}
