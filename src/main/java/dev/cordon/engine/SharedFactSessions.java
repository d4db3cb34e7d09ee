package dev.cordon.engine;

import dev.cordon.rules.RuleIndex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.drools.base.InitialFact;
import org.drools.base.base.ClassObjectType;
import org.drools.base.definitions.rule.impl.RuleImpl;
import org.drools.base.rule.GroupElement;
import org.drools.base.rule.Pattern;
import org.drools.base.rule.RuleConditionElement;
import org.kie.api.KieBase;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.rule.FactHandle;

/**
 * Sessions that keep the facts every decision under one profile shares — the profile's lists
 * and rules, the executor, the standing approvals, the policy files: most of a decision's facts
 * — from one decision to the next, and retract only what a decision added. Inserting,
 * propagating and clearing those shared facts again for every decision cost about a quarter of
 * a warm decision (docs/performance.md).
 *
 * <p>That is only the same as a fresh session when every rule needs a fact of the request: a
 * rule that matches shared facts alone fires once, in the first decision of a session, and never
 * again. So it is used only when every rule has a positive pattern (not under {@code not} or
 * {@code exists}, read from the working memory, not {@code from} a value) on a type that no
 * shared fact has; otherwise {@link #accepts} says no and the caller decides in a fresh session.
 */
final class SharedFactSessions {

    /** Idle sessions kept; more are made when more threads decide at once. */
    private static final int KEPT = 4;

    private final KieBase base;
    private final ConcurrentLinkedQueue<Held> idle = new ConcurrentLinkedQueue<>();
    private final Map<Set<Class<?>>, Boolean> accepted = new ConcurrentHashMap<>();

    SharedFactSessions(KieBase base) {
        this.base = base;
    }

    /** Whether every rule needs a fact other than these shared ones, so that they may stay. */
    boolean accepts(List<Object> shared) {
        Set<Class<?>> types = Collections.newSetFromMap(new IdentityHashMap<>());
        shared.forEach(fact -> types.add(fact.getClass()));
        return accepted.computeIfAbsent(Set.copyOf(types), this::everyRuleNeedsOthers);
    }

    /**
     * Decides with the shared facts kept in a session and the request's own facts inserted, then
     * retracts every fact but the shared ones.
     *
     * @throws dev.cordon.diagnostic.PolicyException as {@link RuleSession#decide} does
     */
    RuleSession.Results run(List<Object> shared, List<Object> own, RuleIndex index, Set<String> fired) {
        Held held = borrow(shared);
        boolean reusable = false;
        try {
            held.share(shared);
            RuleSession.Results results = RuleSession.decide(held.session, own, index, fired);
            held.retractOwn();
            reusable = true;
            return results;
        } finally {
            if (reusable && idle.size() < KEPT) {
                idle.offer(held);
            } else {
                held.session.dispose();
            }
        }
    }

    /** An idle session holding these shared facts, else any idle one, else a new one. */
    private Held borrow(List<Object> shared) {
        for (Held held : idle) {
            if (held.holds(shared) && idle.remove(held)) {
                return held;
            }
        }
        Held held = idle.poll();
        return held != null ? held : new Held(base.newKieSession());
    }

    private boolean everyRuleNeedsOthers(Set<Class<?>> sharedTypes) {
        for (KiePackage pkg : base.getKiePackages()) {
            for (Rule rule : pkg.getRules()) {
                if (!(rule instanceof RuleImpl impl) || !impl.isQuery() && !needsOthers(impl.getLhs(), sharedTypes)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean needsOthers(RuleConditionElement element, Set<Class<?>> sharedTypes) {
        if (element instanceof Pattern pattern) {
            // The initial fact stands in for "nothing yet" before a leading `not`: every session has it.
            return pattern.getSource() == null && pattern.getObjectType() instanceof ClassObjectType type
                    && !InitialFact.class.isAssignableFrom(type.getClassType())
                    && sharedTypes.stream().noneMatch(shared -> type.getClassType().isAssignableFrom(shared));
        }
        if (element instanceof GroupElement group) {
            if (group.isAnd()) {
                return group.getChildren().stream().anyMatch(child -> needsOthers(child, sharedTypes));
            }
            if (group.isOr()) {
                return group.getChildren().stream().allMatch(child -> needsOthers(child, sharedTypes));
            }
        }
        return false;
    }

    /** A session and the shared facts it holds. */
    private static final class Held {

        private final KieSession session;
        private List<Object> shared = List.of();
        private final Set<FactHandle> sharedHandles = Collections.newSetFromMap(new IdentityHashMap<>());

        Held(KieSession session) {
            this.session = session;
        }

        /** Whether it holds these facts (the same ones, or equal ones). */
        boolean holds(List<Object> facts) {
            if (facts.size() != shared.size()) {
                return false;
            }
            for (int i = 0; i < facts.size(); i++) {
                Object held = shared.get(i);
                if (held != facts.get(i) && !held.equals(facts.get(i))) {
                    return false;
                }
            }
            return true;
        }

        void share(List<Object> facts) {
            if (holds(facts)) {
                return;
            }
            sharedHandles.forEach(session::delete);
            sharedHandles.clear();
            for (Object fact : facts) {
                sharedHandles.add(session.insert(fact));
            }
            shared = List.copyOf(facts);
        }

        void retractOwn() {
            for (FactHandle handle : new ArrayList<FactHandle>(session.getFactHandles())) {
                if (!sharedHandles.contains(handle)) {
                    session.delete(handle);
                }
            }
        }
    }
}
