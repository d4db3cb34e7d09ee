package dev.cordon.engine;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.fact.Finding;
import dev.cordon.fact.Outcome;
import dev.cordon.fact.Verdict;
import dev.cordon.fact.Waiver;
import dev.cordon.rules.RuleIndex;
import dev.cordon.rules.RuleInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.drools.core.common.InternalFactHandle;
import org.kie.api.event.rule.AfterMatchFiredEvent;
import org.kie.api.event.rule.AgendaEventListener;
import org.kie.api.event.rule.DefaultAgendaEventListener;
import org.kie.api.runtime.ClassObjectFilter;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.KieSessionsPool;

/** Runs one rule base over one call's facts and collects what the rules derived. */
final class RuleSession {

    /** A policy that keeps firing past this has a rule that re-triggers itself: refuse it. */
    static final int MAX_FIRINGS = 100_000;

    private static final Pattern FAILED_RULE = Pattern.compile("rule \"([^\"]+)\" in ([\\w.]+)");

    /**
     * What the rules derived.
     *
     * @param findings every finding, in insertion order
     * @param waivers findings set aside
     * @param outcomes per subject, the deciding finding
     * @param verdicts the findings that decide the call
     */
    record Results(List<Finding> findings, List<Waiver> waivers, List<Outcome> outcomes, List<Verdict> verdicts) {
    }

    private RuleSession() {
    }

    /**
     * Decides in a session of the pool, which is reset afterwards.
     *
     * @param fired collects the names of the rules that fire, or null when nobody asks (deciding)
     * @throws PolicyException when a rule fails while running or the rules do not settle
     */
    static Results run(KieSessionsPool sessions, List<Object> facts, RuleIndex index, Set<String> fired) {
        KieSession session = sessions.newKieSession();
        try {
            return decide(session, facts, index, fired);
        } finally {
            session.dispose();
        }
    }

    /**
     * Inserts the facts into the session and fires its rules: what the rules derived.
     *
     * @param fired collects the names of the rules that fire, or null when nobody asks (deciding)
     * @throws PolicyException when a rule fails while running or the rules do not settle; the
     *     session must not be used again then
     */
    static Results decide(KieSession session, List<Object> facts, RuleIndex index, Set<String> fired) {
        AgendaEventListener listener = fired == null ? null : new DefaultAgendaEventListener() {
            @Override
            public void afterMatchFired(AfterMatchFiredEvent event) {
                fired.add(event.getMatch().getRule().getName());
            }
        };
        if (listener != null) {
            session.addEventListener(listener);
        }
        try {
            for (Object fact : facts) {
                session.insert(fact);
            }
            int firings = session.fireAllRules(MAX_FIRINGS);
            if (firings >= MAX_FIRINGS) {
                throw new PolicyException(new Problem("rules", 0, 0,
                        "rules did not settle after " + MAX_FIRINGS + " firings; a rule keeps triggering itself"));
            }
            List<Finding> findings = inInsertionOrder(session, Finding.class);
            List<Waiver> waivers = inInsertionOrder(session, Waiver.class);
            List<Outcome> outcomes = inInsertionOrder(session, Outcome.class);
            List<Verdict> verdicts = inInsertionOrder(session, Verdict.class);
            return new Results(findings, waivers, outcomes, verdicts);
        } catch (PolicyException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new PolicyException(failure(e, index));
        } finally {
            if (listener != null) {
                session.removeEventListener(listener);
            }
        }
    }

    /**
     * The session's facts of one type in the order they were inserted. The session keeps them in
     * identity hash maps, whose order changes with the JVM's history; the explanation must not.
     */
    private static <T> List<T> inInsertionOrder(KieSession session, Class<T> type) {
        List<InternalFactHandle> handles = new ArrayList<>(session.getFactHandles(new ClassObjectFilter(type)));
        handles.sort(Comparator.comparingLong(InternalFactHandle::getId));
        List<T> facts = new ArrayList<>(handles.size());
        for (InternalFactHandle handle : handles) {
            facts.add(type.cast(handle.getObject()));
        }
        return facts;
    }

    private static Problem failure(RuntimeException e, RuleIndex index) {
        String message = String.valueOf(e.getMessage());
        Matcher m = FAILED_RULE.matcher(message);
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String cause = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage().lines().findFirst().orElse("");
        if (m.find()) {
            RuleInfo info = index.find(m.group(2), m.group(1)).orElse(null);
            String what = "rule `" + m.group(1) + "` failed while deciding: " + cause;
            return info == null ? new Problem("rules", 0, 0, what) : info.source().problem(what);
        }
        return new Problem("rules", 0, 0, "rules failed while deciding: " + cause);
    }
}
