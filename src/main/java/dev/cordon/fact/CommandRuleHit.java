package dev.cordon.fact;

/**
 * Derived by the rules: this command rule matches this simple command.
 *
 * @param command the command
 * @param rule the command rule
 */
public record CommandRuleHit(Command command, ProfileCommandRule rule) {

    public int order() {
        return rule.order();
    }
}
