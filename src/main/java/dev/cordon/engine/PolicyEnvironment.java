package dev.cordon.engine;

import dev.cordon.approval.StandingApproval;
import dev.cordon.executor.ConfinementPlanner;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.Profile;
import dev.cordon.profile.Resolution;
import dev.cordon.spi.Confinement;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code cordon policy test | check | verify} need from the rest of cordon: the policy in
 * force, the executor that would run a command, and the caller's surroundings. The command line
 * implements it over the profile resolver and the executor registry; tests implement it by hand.
 */
public interface PolicyEnvironment {

    /** The policy in force with these flags applied (the highest layer). */
    Resolution resolve(Overrides overrides);

    /** The executor that would run commands under this profile. */
    ExecutorFacts executorFor(Profile profile);

    /** Every selectable profile name. */
    List<String> profileNames();

    /** The user's standing approvals. */
    List<StandingApproval> approvals();

    /** The caller's working directory. */
    Path cwd();

    /** The caller's environment ({@code HOME} and the rest). */
    Map<String, String> env();

    /** The OS confinement a command would run under, for explanations. */
    default Confinement confinement(Resolution resolution) {
        return ConfinementPlanner.plan(resolution.profile(), resolution.workspace(), env(), resolution.policyFiles());
    }
}
