package dev.cordon.egress;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import dev.cordon.engine.Evaluation;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.engine.GateCheck;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.fact.Gate;
import dev.cordon.profile.Profile;
import dev.cordon.request.Connection;
import dev.cordon.request.Request;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The egress policy of one run: each connection is a {@code network} request decided by the same
 * rules and profile as the command itself. Only ALLOW lets a connection through: no human is
 * there to answer an ASK. In a mode that only reports (permissive), a refusal is logged and the
 * connection made, except for the always-protected gate, which holds in every mode.
 *
 * @param engine the rules, compiled by the time the first connection arrives
 * @param profile the run's profile
 * @param executor the run's executor, as the rules see it
 * @param policyFiles the policy files in force
 * @param cwd the run's working directory
 * @param env the caller's environment
 * @param workspace the run's workspace
 */
public record PolicyEgress(Supplier<PolicyEngine> engine, Profile profile, ExecutorFacts executor,
        List<Path> policyFiles, Path cwd, Map<String, String> env, Path workspace) implements EgressPolicy {

    public PolicyEgress {
        policyFiles = List.copyOf(policyFiles);
        env = Map.copyOf(env);
    }

    @Override
    public EgressDecision decide(Connection connection) {
        List<StandingApproval> noApprovals = List.of();
        Evaluation e = engine.get().decide(Request.network(connection, cwd, env, workspace), profile, executor,
                noApprovals, policyFiles);
        EgressDecision.Outcome outcome;
        if (e.decision() == Decision.ALLOW) {
            outcome = EgressDecision.Outcome.ALLOWED;
        } else if (e.enforced() || decidedAt(e, Gate.PROTECTED)) {
            outcome = EgressDecision.Outcome.REFUSED;
        } else {
            outcome = EgressDecision.Outcome.REPORTED;
        }
        return new EgressDecision(outcome, e.rule(), e.file(), e.line(), e.reason());
    }

    private static boolean decidedAt(Evaluation e, Gate gate) {
        return e.gates().stream().anyMatch(g -> g.gate() == gate.step() && g.result() == GateCheck.Result.DECIDED);
    }
}
