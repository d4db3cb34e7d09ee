package dev.cordon.dispatch;

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
 */
public record RunOutcome(
        Evaluation evaluation, Selection selection, ExecResult result, Refusal refusal, String approval,
        List<String> warnings, Profile.OnViolation onViolation) {

    public RunOutcome {
        warnings = List.copyOf(warnings);
    }

    public boolean ran() {
        return result != null;
    }
}
