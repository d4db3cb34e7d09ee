package dev.cordon.fact;

import dev.cordon.decision.Decision;
import dev.cordon.profile.Profile;
import java.util.List;

/**
 * One of the profile's explicit path rules; the first that matches an access decides it.
 *
 * @param order position in the profile's {@code path_rules}
 * @param id the rule's id
 * @param glob the glob over normalised paths
 * @param action the decision it asks for
 * @param tools the tools it applies to; empty for all
 * @param reason the message for the agent
 */
public record ProfilePathRule(int order, String id, String glob, Decision action, List<String> tools, String reason) {

    public ProfilePathRule {
        tools = List.copyOf(tools);
        Globs.compiled(glob);
    }

    public static ProfilePathRule of(int order, Profile.PathRule rule) {
        return new ProfilePathRule(order, rule.id(), rule.pattern(), rule.action(), rule.tools(), rule.reason());
    }

    /** Whether the rule applies to this tool and the access's path or real file matches. */
    public boolean matches(String tool, FileAccess access) {
        return (tools.isEmpty() || tools.contains(tool)) && access.hits(glob);
    }
}
