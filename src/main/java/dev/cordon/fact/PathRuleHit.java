package dev.cordon.fact;

/**
 * Derived by the rules: this path rule matches this access.
 *
 * @param access the access
 * @param rule the path rule
 */
public record PathRuleHit(FileAccess access, ProfilePathRule rule) {

    public int order() {
        return rule.order();
    }
}
