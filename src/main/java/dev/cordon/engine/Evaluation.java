package dev.cordon.engine;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.profile.Profile;
import dev.cordon.shell.SimpleCommand;
import java.util.List;

/**
 * A decision with everything needed to explain it.
 *
 * @param decision the decision
 * @param rule the id of the deciding rule (a DRL rule, a profile rule or a standing approval)
 * @param source where that rule is defined: its layer, file, line and column
 * @param layer which layer decided
 * @param reason the message for the agent: what was refused and what it may do instead
 * @param enforced false when the caller must run the command anyway (mode permissive or off): the
 *     decision is then only reported
 * @param profile the profile's name
 * @param mode the profile's mode
 * @param executor the id of the executor that would run it
 * @param matches every rule that matched, the deciding one first
 * @param commands the parsed simple commands
 * @param accesses the file accesses checked
 * @param gates what each gate of the order did
 * @param problems what could not be understood (parser problems, unusable paths)
 */
public record Evaluation(
        Decision decision,
        String rule,
        Provenance source,
        Layer layer,
        String reason,
        boolean enforced,
        String profile,
        Profile.Mode mode,
        String executor,
        List<Match> matches,
        List<SimpleCommand> commands,
        List<CheckedAccess> accesses,
        List<GateCheck> gates,
        List<String> problems) {

    public Evaluation {
        // The explanation may be computed only when read (see Deferred).
        matches = Deferred.copyOf(matches);
        commands = List.copyOf(commands);
        accesses = Deferred.copyOf(accesses);
        gates = Deferred.copyOf(gates);
        problems = List.copyOf(problems);
    }

    /** {@code file:line:col} of the deciding rule. */
    public String location() {
        return source.location();
    }

    /** The file of the deciding rule. */
    public String file() {
        return source.file();
    }

    /** Its line there, 0 when unknown. */
    public int line() {
        return source.line();
    }

    /** The profile list entry the deciding rule acted on, or null. */
    public Match.Entry entry() {
        return matches.isEmpty() ? null : matches.get(0).entry();
    }

    /** Whether the command may run without a human and without a specific executor. */
    public boolean allowed() {
        return decision == Decision.ALLOW;
    }
}
