package dev.cordon.fact;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import org.kie.api.runtime.rule.RuleContext;

/**
 * What one gate rule says about one subject. Gate rules insert findings; the resolution rules
 * pick the one that decides.
 *
 * @param gate the gate of the order it belongs to
 * @param decision what it asks for
 * @param subject what it is about
 * @param rule the id shown to users: the DRL rule's name, a profile rule's id or an approval's id
 * @param reason the message for the agent: what was refused and what it may do instead
 * @param pkg the package of the DRL rule that raised it
 * @param raisedBy the name of the DRL rule that raised it
 * @param basis what {@code rule} names
 * @param trust whether the rule may loosen the policy; set by the engine, never by a rule
 * @param entry the profile list entry the rule acted on, or null
 */
public record Finding(Gate gate, Decision decision, Subject subject, String rule, String reason, String pkg,
        String raisedBy, Basis basis, Trust trust, ProfileEntry entry) {

    /** A finding of the DRL rule whose consequence is running. */
    public static Finding of(RuleContext kcontext, Gate gate, Decision decision, Subject subject, String reason) {
        String name = kcontext.getRule().getName();
        return new Finding(gate, decision, subject, name, reason, kcontext.getRule().getPackageName(), name,
                Basis.RULE, Trust.TRUSTED, null);
    }

    public static Finding deny(RuleContext kcontext, Gate gate, Subject subject, String reason) {
        return of(kcontext, gate, Decision.DENY, subject, reason);
    }

    public static Finding ask(RuleContext kcontext, Gate gate, Subject subject, String reason) {
        return of(kcontext, gate, Decision.ASK, subject, reason);
    }

    /** A finding for an explicit path or command rule of the profile. */
    public static Finding profileRule(RuleContext kcontext, Gate gate, Decision decision, Subject subject, String id,
            String reason) {
        return new Finding(gate, decision, subject, id, reason, kcontext.getRule().getPackageName(),
                kcontext.getRule().getName(), Basis.PROFILE_RULE, Trust.TRUSTED, null);
    }

    /** A finding for an entry of a profile list, e.g. the {@code network.allow} entry that lets a connection through. */
    public static Finding profileEntry(RuleContext kcontext, Gate gate, Decision decision, Subject subject, String id,
            String reason) {
        return new Finding(gate, decision, subject, id, reason, kcontext.getRule().getPackageName(),
                kcontext.getRule().getName(), Basis.PROFILE_ENTRY, Trust.TRUSTED, null);
    }

    /** The ALLOW a standing approval gives in place of a soft ASK. */
    public static Finding approved(RuleContext kcontext, Finding asked, StandingApproval approval) {
        return new Finding(asked.gate(), Decision.ALLOW, asked.subject(), approval.id(),
                "approved before (" + approval.id() + "): " + asked.subject().describe(),
                kcontext.getRule().getPackageName(), kcontext.getRule().getName(), Basis.APPROVAL, Trust.TRUSTED, null);
    }

    /** The same finding, raised by rules of the given trust. */
    public Finding withTrust(Trust newTrust) {
        return new Finding(gate, decision, subject, rule, reason, pkg, raisedBy, basis, newTrust, entry);
    }

    /**
     * The same finding, about an entry of one of the profile's lists, e.g.
     * {@code Finding.deny(…).from("denied_paths", $glob)}: the decision then names where that
     * entry is written, as well as the rule.
     */
    public Finding from(String setting, String value) {
        return new Finding(gate, decision, subject, rule, reason, pkg, raisedBy, basis, trust,
                new ProfileEntry(setting, value));
    }

    public int step() {
        return gate.step();
    }

    /** ALLOW 0, SANDBOX 1, ASK 2, DENY 3: at one gate the most severe finding decides. */
    public int severity() {
        return switch (decision) {
            case ALLOW -> 0;
            case SANDBOX -> 1;
            case ASK -> 2;
            case DENY -> 3;
        };
    }

    /** Whether it asks for anything short of a plain ALLOW. */
    public boolean refusing() {
        return decision != Decision.ALLOW;
    }
}
