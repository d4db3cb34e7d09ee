package dev.cordon.cli;

import dev.cordon.approval.StandingApproval;
import dev.cordon.approval.StandingApprovals;
import dev.cordon.dispatch.ExecutorChoice;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.executor.ConfinementPlanner;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The policy commands' view of one invocation: its context, the resolver and the executor registry. */
final class CliPolicyEnvironment implements PolicyEnvironment {

    private final Context context;
    private final Services services;
    private final ProfileResolver resolver = new ProfileResolver();

    CliPolicyEnvironment(Context context, Services services) {
        this.context = context;
        this.services = services;
    }

    @Override
    public Resolution resolve(Overrides overrides) {
        return resolver.resolve(PolicySources.of(context.home(), context.cwd(), context.env(), overrides)
                .withExecutors(services.executors()));
    }

    @Override
    public ExecutorFacts executorFor(Profile profile) {
        return ExecutorChoice.facts(ExecutorChoice.select(services.registry(), profile, null,
                ConfinementPlanner.plan(profile, context.cwd(), context.env(), List.of())));
    }

    @Override
    public List<String> profileNames() {
        return resolver.names(Commands.sources(context, services));
    }

    @Override
    public List<StandingApproval> approvals() {
        try {
            return StandingApprovals.load(StandingApprovals.userFile(context.env()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Path cwd() {
        return context.cwd();
    }

    @Override
    public Map<String, String> env() {
        return context.env();
    }
}
