package dev.cordon.dispatch;

import dev.cordon.executor.Enforcement;
import dev.cordon.executor.Selection;
import dev.cordon.profile.Profile;
import java.util.List;

/**
 * Whether a command may run when the kernel under the chosen executor leaves some of the
 * profile's promises to the policy layer. It may when the profile says {@code enforce:
 * best-effort}, when the executor is the profile's own weaker fallback (already a warning), or
 * when the user approved an executor named on the command line as weaker isolation; then the
 * gaps are a warning too. Otherwise it is refused with what is missing and why.
 */
final class KernelGaps {

    private KernelGaps() {
    }

    /** Whether the user was asked about giving up isolation and said yes. */
    enum Consent {
        NONE,
        /** An executor named on the command line, approved as weaker isolation. */
        APPROVED
    }

    /** The refusal, or null when the run may go ahead; accepted gaps become warnings. */
    static Refusal refusal(Selection selection, Profile profile, Consent consent, List<String> warnings) {
        Enforcement enforcement = selection.enforcement();
        if (!selection.found() || profile.mode() == Profile.Mode.OFF || enforcement.complete()) {
            return null;
        }
        String executor = selection.executor().id();
        if (profile.enforce() == Profile.Enforce.BEST_EFFORT || selection.fallback() || consent == Consent.APPROVED) {
            warnings.add("left to the policy layer under `" + executor + "`" + (selection.fallback() ? "" : " (enforce: best-effort)")
                    + ": " + enforcement.gaps());
            return null;
        }
        return new Refusal(Refusal.Kind.KERNEL_GAP, "the kernel under `" + executor + "` would not keep what the profile "
                + "promises: " + enforcement.gaps() + "; the profile demands it (enforce: strict), so nothing ran");
    }
}
