package dev.cordon.dispatch;

import dev.cordon.egress.EgressViolation;
import dev.cordon.engine.Evaluation;
import dev.cordon.executor.Selection;
import dev.cordon.profile.Profile;
import dev.cordon.spi.ExecResult;
import java.util.List;

/**
 * What became of one {@code run}.
 *
 * @param evaluation the policy decision
 * @param selection the executor chosen, or why none could be
 * @param result what the command did, or null when it did not run
 * @param refusal why it did not run, or null when it ran
 * @param approval the approver's answer when one was asked, else null
 * @param warnings things the user must see: a fallback to weaker isolation, mode off, an
 *     approval that could not be kept, project settings that were ignored
 * @param onViolation how the profile wants violations shown
 * @param connections connections the egress proxy refused (or only reported, in permissive mode)
 *     while the command ran
 */
public record RunOutcome(
        Evaluation evaluation, Selection selection, ExecResult result, Refusal refusal, String approval,
        List<String> warnings, Profile.OnViolation onViolation, List<EgressViolation> connections) {

    public RunOutcome {
        warnings = List.copyOf(warnings);
        connections = List.copyOf(connections);
    }

    /** An outcome without proxied connections. */
    public RunOutcome(Evaluation evaluation, Selection selection, ExecResult result, Refusal refusal, String approval,
            List<String> warnings, Profile.OnViolation onViolation) {
        this(evaluation, selection, result, refusal, approval, warnings, onViolation, List.of());
    }

    public boolean ran() {
        return result != null;
    }
}
