package dev.cordon.engine;

import dev.cordon.approval.StandingApproval;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.fact.Finding;
import dev.cordon.fact.PolicyFiles;
import dev.cordon.fact.Trust;
import dev.cordon.profile.Profile;
import dev.cordon.request.Request;
import dev.cordon.rules.CompiledRules;
import dev.cordon.rules.RuleCompiler;
import dev.cordon.rules.RuleDir;
import dev.cordon.rules.RuleFile;
import dev.cordon.rules.RuleFiles;
import dev.cordon.rules.RuleInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.kie.api.runtime.KieSessionsPool;

/**
 * Decides tool calls with the DRL rules of a set of rule folders.
 *
 * <p>Building a rule base costs tens of milliseconds (the built-in rules come precompiled) to a
 * second (DRL); deciding, microseconds. So the rule base is built once per set of rule files and
 * cached by their paths, sizes and modification times: {@link #load(List)} returns the cached
 * engine while no file changed, and a long-running service that calls it per request picks up an
 * edited file on the next request. Every decision runs in a session of its own (one that kept
 * only the profile's facts from earlier decisions, see {@link SharedFactSessions}), so one engine
 * serves many threads.
 *
 * <p>Rules of a project the user has not trusted run in a rule base of their own, held to a small
 * vocabulary (see {@link dev.cordon.rules.UntrustedRuleCheck}); only their findings are carried
 * into the decision, marked untrusted, and the resolution rules ignore those that would loosen it.
 */
public final class PolicyEngine {

    private static final int CACHED_ENGINES = 8;
    /** Sessions kept ready per rule base; more are made when more threads decide at once. */
    private static final int SESSIONS = 4;
    private static final Map<List<Object>, CompletableFuture<PolicyEngine>> CACHE = new LinkedHashMap<>(16, 0.75f, true);

    private final CompiledRules rules;
    private final List<RuleDir> dirs;
    private final List<Object> fingerprint;
    private final AtomicReference<ProfileFacts> lastProfile = new AtomicReference<>();
    private final AtomicReference<Map.Entry<List<Path>, PolicyFiles>> lastProtected = new AtomicReference<>();
    private final KieSessionsPool trustedSessions;
    private final KieSessionsPool untrustedSessions;
    private final SharedFactSessions trustedShared;

    private PolicyEngine(CompiledRules rules, List<RuleDir> dirs, List<Object> fingerprint) {
        this.rules = rules;
        this.dirs = List.copyOf(dirs);
        this.fingerprint = fingerprint;
        // Pooled sessions are reset on dispose instead of rebuilt: building a session's node
        // memories costs more than a decision.
        this.trustedSessions = rules.trusted().newKieSessionsPool(SESSIONS);
        this.untrustedSessions = rules.untrusted() == null ? null : rules.untrusted().newKieSessionsPool(SESSIONS);
        this.trustedShared = new SharedFactSessions(rules.trusted());
    }

    /**
     * Compiles the rule files of these folders, lowest layer first, without the cache.
     *
     * @throws dev.cordon.diagnostic.PolicyException with file:line:col of every problem
     */
    public static PolicyEngine compile(List<RuleDir> dirs) {
        List<Object> key = RuleFiles.fingerprint(dirs);
        return new PolicyEngine(RuleCompiler.compile(RuleFiles.read(dirs)), dirs, key);
    }

    /** All folders trusted: the built-in, user and trusted-project layers. */
    public static PolicyEngine compileTrusted(List<Path> dirs) {
        return compile(dirs.stream().map(RuleDir::trusted).toList());
    }

    /**
     * The engine for these folders: the cached one while no rule file was added, removed or
     * changed, else a freshly compiled one.
     *
     * @throws dev.cordon.diagnostic.PolicyException with file:line:col of every problem
     */
    public static PolicyEngine load(List<RuleDir> dirs) {
        List<Object> key = RuleFiles.fingerprint(dirs);
        CompletableFuture<PolicyEngine> engine;
        boolean compileHere = false;
        synchronized (CACHE) {
            engine = CACHE.get(key);
            if (engine == null) {
                engine = new CompletableFuture<>();
                CACHE.put(key, engine);
                compileHere = true;
                if (CACHE.size() > CACHED_ENGINES) {
                    CACHE.remove(CACHE.keySet().iterator().next());
                }
            }
        }
        if (compileHere) {
            // Compiled outside the lock; a second caller for the same files waits for this one
            // (a start-up warm-up and the command itself share one compilation).
            try {
                engine.complete(new PolicyEngine(RuleCompiler.compile(RuleFiles.read(dirs)), dirs, key));
            } catch (RuntimeException | Error e) {
                synchronized (CACHE) {
                    CACHE.remove(key, engine);
                }
                engine.completeExceptionally(e);
                throw e;
            }
        }
        try {
            return engine.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** This engine while its files are unchanged, else the engine for their current contents. */
    public PolicyEngine reloadIfChanged() {
        return RuleFiles.fingerprint(dirs).equals(fingerprint) ? this : load(dirs);
    }

    /**
     * Decides one tool call.
     *
     * @param request the call
     * @param profile the resolved profile in force
     * @param executor the executor that would run it
     * @param approvals the user's standing approvals
     * @param policyFiles every rule, profile and config file in force: always protected from writes
     * @throws dev.cordon.diagnostic.PolicyException when a rule fails while deciding or the profile
     *     holds a malformed pattern; nothing is decided then
     */
    public Evaluation decide(Request request, Profile profile, ExecutorFacts executor,
            List<StandingApproval> approvals, List<Path> policyFiles) {
        return decide(request, profile, executor, approvals, policyFiles, null);
    }

    /**
     * A decision and the DRL rules that fired on the way, whether or not they decided: what rule
     * cases check. Slower than {@link #decide}; not for deciding.
     *
     * @param evaluation the decision, as {@link #decide} makes it
     * @param fired the names of the rules that fired
     */
    public record Trace(Evaluation evaluation, Set<String> fired) {
    }

    /** Decides as {@link #decide} does and tells which rules fired. */
    public Trace trace(Request request, Profile profile, ExecutorFacts executor, List<StandingApproval> approvals,
            List<Path> policyFiles) {
        Set<String> fired = new HashSet<>();
        Evaluation evaluation = decide(request, profile, executor, approvals, policyFiles, fired);
        return new Trace(evaluation, Set.copyOf(fired));
    }

    private Evaluation decide(Request request, Profile profile, ExecutorFacts executor,
            List<StandingApproval> approvals, List<Path> policyFiles, Set<String> fired) {
        Objects.requireNonNull(request.tool(), "tool");
        ProfileFacts profileFacts = profileFacts(profile);
        PolicyFiles protectedFiles = protectedPaths(policyFiles);
        FactBuilder.Facts facts = FactBuilder.build(request, profileFacts, executor, approvals, protectedFiles);
        List<Object> input = facts.all();
        if (untrustedSessions != null) {
            List<Object> withUntrusted = new ArrayList<>(input);
            for (Finding f : RuleSession.run(untrustedSessions, input, rules.index(), fired).findings()) {
                withUntrusted.add(f.withTrust(Trust.UNTRUSTED));
            }
            input = withUntrusted;
        }
        // What every decision under this profile shares may stay in a session between decisions.
        Set<Object> candidates = Collections.newSetFromMap(new IdentityHashMap<>());
        candidates.addAll(profileFacts.facts());
        candidates.add(executor);
        candidates.addAll(approvals);
        candidates.add(protectedFiles);
        List<Object> shared = new ArrayList<>();
        List<Object> own = new ArrayList<>();
        for (Object fact : input) {
            (candidates.contains(fact) ? shared : own).add(fact);
        }
        RuleSession.Results results = trustedShared.accepts(shared)
                ? trustedShared.run(shared, own, rules.index(), fired)
                : RuleSession.run(trustedSessions, input, rules.index(), fired);
        return new Explainer(rules.index(), profile, approvals).explain(results, facts, executor);
    }

    /**
     * Checks what a profile contributes to decisions (its globs and regexes) without deciding
     * anything.
     *
     * @throws dev.cordon.diagnostic.PolicyException for a malformed pattern
     */
    public static void check(Profile profile) {
        ProfileFacts.of(profile);
    }

    /** Every rule in force, in file order. */
    public List<RuleInfo> rules() {
        return rules.index().rules();
    }

    /** The rule folders, lowest layer first. */
    public List<RuleDir> dirs() {
        return dirs;
    }

    /** The rule files compiled. */
    public List<RuleFile> files() {
        return rules.files();
    }

    private PolicyFiles protectedPaths(List<Path> policyFiles) {
        Map.Entry<List<Path>, PolicyFiles> last = lastProtected.get();
        if (last != null && last.getKey().equals(policyFiles)) {
            return last.getValue();
        }
        PolicyFiles built = ProtectedPaths.of(policyFiles);
        lastProtected.set(Map.entry(List.copyOf(policyFiles), built));
        return built;
    }

    private ProfileFacts profileFacts(Profile profile) {
        ProfileFacts last = lastProfile.get();
        if (last != null && last.profile() == profile) {
            return last;
        }
        ProfileFacts built = ProfileFacts.of(profile);
        lastProfile.set(built);
        return built;
    }
}
