package dev.cordon.engine;

import dev.cordon.approval.StandingApproval;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.Basis;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.fact.Finding;
import dev.cordon.fact.Gate;
import dev.cordon.fact.Outcome;
import dev.cordon.fact.Subject;
import dev.cordon.fact.Verdict;
import dev.cordon.fact.Waiver;
import dev.cordon.profile.Profile;
import dev.cordon.rules.RuleIndex;
import dev.cordon.rules.RuleInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Turns what the rules derived into an {@link Evaluation}: who decided, and why every other match lost. */
final class Explainer {

    /** Most severe first, then the earliest gate; among equals the rule earliest in the files. */
    private static final Comparator<Finding> BY_SEVERITY_THEN_GATE =
            Comparator.comparingInt(Finding::severity).reversed().thenComparingInt(Finding::step);

    private final RuleIndex index;
    private final Profile profile;
    private final Map<String, StandingApproval> approvals = new HashMap<>();

    Explainer(RuleIndex index, Profile profile, List<StandingApproval> approvals) {
        this.index = index;
        this.profile = profile;
        approvals.forEach(a -> this.approvals.putIfAbsent(a.id(), a));
    }

    /**
     * The decision now; the rest of the explanation (every match and why it lost, what each gate
     * did, the accesses checked) when first read.
     */
    Evaluation explain(RuleSession.Results results, FactBuilder.Facts facts, ExecutorFacts executor) {
        List<Finding> verdicts = new ArrayList<>(results.verdicts().size());
        for (Verdict v : results.verdicts()) {
            verdicts.add(v.finding());
        }
        verdicts.sort(BY_SEVERITY_THEN_GATE.thenComparingInt(this::order));
        if (verdicts.isEmpty()) {
            throw new PolicyException(new Problem("rules", 0, 0,
                    "no rule decided the call: the resolution rules (resolve.drl) are missing from the rules in force"));
        }
        Finding decisive = verdicts.get(0);
        Derived derived = new Derived(results);
        boolean enforced = profile.mode() == Profile.Mode.STANDARD || profile.mode() == Profile.Mode.STRICT;
        Layer layer = decisive.basis() == Basis.APPROVAL ? Layer.APPROVAL : Layer.POLICY;
        return new Evaluation(decisive.decision(), decisive.rule(), locate(decisive), layer,
                decisive.reason(), enforced, profile.name(), profile.mode(), executor.id(),
                Deferred.of(() -> matches(derived.findings(), decisive, verdicts, derived.waived(), results.outcomes())),
                facts.parsed(), Deferred.of(() -> facts.accesses().stream().map(CheckedAccess::of).toList()),
                Deferred.of(() -> gates(derived.findings(), derived.waived(), decisive)), facts.problems());
    }

    /** The findings without repeats and why each waived one was set aside, worked out once when first needed. */
    private static final class Derived {

        private final RuleSession.Results results;
        private Set<Finding> findings;
        private Map<Finding, String> waived;

        Derived(RuleSession.Results results) {
            this.results = results;
        }

        synchronized Set<Finding> findings() {
            if (findings == null) {
                findings = new LinkedHashSet<>(results.findings());
            }
            return findings;
        }

        synchronized Map<Finding, String> waived() {
            if (waived == null) {
                waived = new HashMap<>();
                for (Waiver w : results.waivers()) {
                    waived.putIfAbsent(w.finding(), w.why());
                }
            }
            return waived;
        }
    }

    /** Every match, the deciding one first, then by gate and decision. */
    private List<Match> matches(Set<Finding> findings, Finding decisive, List<Finding> verdicts,
            Map<Finding, String> waived, List<Outcome> results) {
        Map<Subject, Finding> outcomes = new LinkedHashMap<>();
        for (Outcome o : results) {
            outcomes.merge(o.subject(), o.finding(), (a, b) -> a.severity() >= b.severity() ? a : b);
        }
        List<Match> matches = new ArrayList<>();
        matches.add(match(decisive, null));
        for (Finding f : findings) {
            if (!f.equals(decisive) && !duplicate(matches, f)) {
                matches.add(match(f, lost(f, decisive, verdicts, waived, outcomes)));
            }
        }
        matches.subList(1, matches.size()).sort(Comparator.comparingInt(Match::gate)
                .thenComparing(Match::decision, Comparator.reverseOrder()));
        return matches;
    }

    private String lost(Finding f, Finding decisive, List<Finding> verdicts, Map<Finding, String> waived,
            Map<Subject, Finding> outcomes) {
        String why = waived.get(f);
        if (why != null) {
            return why;
        }
        if (verdicts.contains(f)) {
            return "agrees with the deciding rule at the same gate";
        }
        Finding first = outcomes.get(f.subject());
        if (first != null && first.step() < f.step()) {
            return "gate " + first.step() + " (" + first.gate().title() + ") decided "
                    + f.subject().describe() + " first, with `" + first.rule() + "`";
        }
        if (!f.refusing() && decisive.refusing()) {
            return "an ALLOW of " + f.subject().describe() + " covers only that; gate " + decisive.step() + " ("
                    + decisive.gate().title() + ") refused another part of the call";
        }
        if (f.step() == decisive.step()) {
            return "a more severe rule of the same gate decided";
        }
        return "gate " + decisive.step() + " (" + decisive.gate().title() + ") decided first";
    }

    private List<GateCheck> gates(Set<Finding> findings, Map<Finding, String> waived, Finding decisive) {
        List<GateCheck> gates = new ArrayList<>();
        for (Gate gate : Gate.values()) {
            Finding strongest = null;
            boolean live = false;
            for (Finding f : findings) {
                if (f.gate() != gate) {
                    continue;
                }
                boolean isLive = !waived.containsKey(f);
                if (strongest == null || (isLive && !live) || (isLive == live && f.severity() > strongest.severity())) {
                    strongest = f;
                    live = isLive;
                }
            }
            GateCheck.Result result;
            if (decisive.gate() == gate) {
                result = GateCheck.Result.DECIDED;
                strongest = decisive;
            } else if (strongest == null) {
                result = GateCheck.Result.PASSED;
            } else {
                result = live ? GateCheck.Result.FIRED : GateCheck.Result.WAIVED;
            }
            gates.add(new GateCheck(gate.step(), gate.title(), result, strongest == null ? null : strongest.decision()));
        }
        return gates;
    }

    private boolean duplicate(List<Match> matches, Finding f) {
        String subject = f.subject().describe();
        for (Match m : matches) {
            if (m.rule().equals(f.rule()) && m.subject().equals(subject) && m.decision() == f.decision()
                    && m.gate() == f.step()) {
                return true;
            }
        }
        return false;
    }

    private Match match(Finding f, String lost) {
        Match.Entry entry = f.entry() == null ? null : new Match.Entry(f.entry().setting(), f.entry().value(),
                profile.origins().entry(f.entry().setting(), f.entry().value()));
        return new Match(f.rule(), locate(f), f.step(), f.gate().title(), f.decision(),
                f.subject().describe(), f.reason(), lost, f.raisedBy(), entry);
    }

    private int order(Finding f) {
        return index.order(f.raisedBy());
    }

    /** Where what a finding names is written: the DRL rule, the profile rule or the standing approval. */
    private Provenance locate(Finding f) {
        Provenance found = switch (f.basis()) {
            case APPROVAL -> {
                StandingApproval a = approvals.get(f.rule());
                yield a == null ? null : a.source();
            }
            case PROFILE_RULE -> profileRule(f);
            case PROFILE_ENTRY -> profileEntry(f);
            case RULE -> index.find(f.pkg(), f.raisedBy()).map(RuleInfo::source).orElse(null);
        };
        if (found != null) {
            return found;
        }
        // A rule or approval not read from a file (a profile built in code): name the raising rule.
        return index.find(f.pkg(), f.raisedBy()).map(RuleInfo::source)
                .orElse(Provenance.named(Provenance.Layer.BUILTIN, "rules"));
    }

    /** An entry named as {@code network.allow[host:443]}: where that entry is written. */
    private Provenance profileEntry(Finding f) {
        int bracket = f.rule().indexOf('[');
        return bracket < 0 ? profile.origins().get(f.rule())
                : profile.origins().entry(f.rule().substring(0, bracket), f.rule().substring(bracket + 1,
                        f.rule().length() - 1));
    }

    private Provenance profileRule(Finding f) {
        if (f.gate() == Gate.PATH_RULES) {
            for (Profile.PathRule rule : profile.pathRules()) {
                if (rule.id().equals(f.rule())) {
                    return rule.source();
                }
            }
        } else {
            for (Profile.CommandRule rule : profile.commandRules()) {
                if (rule.id().equals(f.rule())) {
                    return rule.source();
                }
            }
        }
        return null;
    }
}
