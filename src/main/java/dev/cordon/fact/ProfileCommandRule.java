package dev.cordon.fact;

import dev.cordon.decision.Decision;
import dev.cordon.profile.Profile;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One of the profile's explicit command rules; the first that matches a simple command decides
 * it. Text matchers (substring, glob, regex) look at the command's source text and at its
 * normalised words, so spacing and quoting do not matter.
 *
 * @param order position in the profile's {@code command_rules}
 * @param rule the rule as the profile gives it
 * @param glob the compiled {@code glob}, or null
 * @param regex the compiled {@code regex}, or null
 */
public record ProfileCommandRule(int order, Profile.CommandRule rule, Pattern glob, Pattern regex) {

    /**
     * @throws java.util.regex.PatternSyntaxException for a malformed {@code regex}
     */
    public static ProfileCommandRule of(int order, Profile.CommandRule rule) {
        Pattern glob = rule.glob() == null ? null : Wildcard.compile(rule.glob());
        Pattern regex = rule.regex() == null ? null : Pattern.compile(rule.regex());
        return new ProfileCommandRule(order, rule, glob, regex);
    }

    public String id() {
        return rule.id();
    }

    public Decision action() {
        return rule.action();
    }

    public String reason() {
        return rule.reason();
    }

    public boolean matches(Command c) {
        if (rule.program() != null) {
            return c.program().equals(baseName(rule.program())) && hasAll(c, rule.args());
        }
        if (!rule.prefix().isEmpty()) {
            return c.startsWith(rule.prefix());
        }
        if (rule.substring() != null) {
            return c.text().contains(rule.substring()) || c.normalizedText().contains(rule.substring());
        }
        if (glob != null) {
            return glob.matcher(c.text()).matches() || glob.matcher(c.normalizedText()).matches();
        }
        if (regex != null) {
            return regex.matcher(c.text()).find() || regex.matcher(c.normalizedText()).find();
        }
        return false;
    }

    private static boolean hasAll(Command c, List<String> args) {
        for (String arg : args) {
            if (!c.hasFlag(arg) && !c.operands().contains(arg) && !c.hasArg(arg)) {
                return false;
            }
        }
        return true;
    }

    private static String baseName(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }
}
