package dev.cordon.engine;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.DeniedCommandPattern;
import dev.cordon.fact.DeniedDestination;
import dev.cordon.fact.NetworkAccess;
import dev.cordon.fact.NetworkEntry;
import dev.cordon.fact.PathList;
import dev.cordon.fact.PathGlobs;
import dev.cordon.fact.Policy;
import dev.cordon.fact.ProfileCommandRule;
import dev.cordon.fact.ProfilePathRule;
import dev.cordon.profile.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;

/**
 * The facts a profile contributes to every decision, built once per profile.
 *
 * @param profile the profile they were built from
 * @param facts the facts
 */
record ProfileFacts(Profile profile, List<Object> facts) {

    ProfileFacts {
        facts = List.copyOf(facts);
    }

    /**
     * @throws PolicyException for a malformed glob or regex, located in the profile when known
     */
    static ProfileFacts of(Profile profile) {
        List<Object> facts = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        facts.add(Policy.of(profile));
        add(facts, problems, where(profile, "denied_paths"), "denied_paths",
                () -> new PathGlobs(PathList.DENIED, profile.deniedPaths()));
        add(facts, problems, where(profile, "allowed_paths"), "allowed_paths",
                () -> new PathGlobs(PathList.ALLOWED, profile.allowedPaths()));
        for (int i = 0; i < profile.pathRules().size(); i++) {
            int order = i;
            Profile.PathRule rule = profile.pathRules().get(i);
            add(facts, problems, rule.source(), "path_rules", () -> ProfilePathRule.of(order, rule));
        }
        for (int i = 0; i < profile.commandRules().size(); i++) {
            int order = i;
            Profile.CommandRule rule = profile.commandRules().get(i);
            add(facts, problems, rule.source(), "command_rules", () -> ProfileCommandRule.of(order, rule));
        }
        for (String pattern : profile.deniedCommands()) {
            facts.add(DeniedCommandPattern.of(pattern));
        }
        for (String entry : profile.network().deny()) {
            facts.add(DeniedDestination.of(entry));
            add(facts, problems, where(profile, "network.deny", entry), "network.deny",
                    () -> NetworkEntry.of(NetworkEntry.NetworkList.DENY, entry));
        }
        if (profile.network().enabled()) {
            for (String entry : profile.network().allow()) {
                add(facts, problems, where(profile, "network.allow", entry), "network.allow",
                        () -> NetworkEntry.of(NetworkEntry.NetworkList.ALLOW, entry));
            }
        }
        facts.add(NetworkAccess.of(profile.network()));
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return new ProfileFacts(profile, facts);
    }

    private interface FactMaker {
        Object make();
    }

    /** Where a profile's list was set; a profile built in code is named instead. */
    private static Provenance where(Profile profile, String key) {
        Provenance origin = profile.origins().get(key);
        return origin != null ? origin : Provenance.named(Provenance.Layer.BUILTIN, "profile " + profile.name());
    }

    /** Where an entry of a profile's list is written, else where the list was set. */
    private static Provenance where(Profile profile, String key, String entry) {
        Provenance origin = profile.origins().entry(key, entry);
        return origin != null ? origin : where(profile, key);
    }

    private static void add(List<Object> facts, List<Problem> problems, Provenance where, String key, FactMaker maker) {
        try {
            facts.add(maker.make());
        } catch (IllegalArgumentException e) {
            String what = e instanceof PatternSyntaxException p ? "invalid regex: " + p.getDescription() : e.getMessage();
            problems.add(where.problem("in `" + key + "`: " + what));
        }
    }
}
