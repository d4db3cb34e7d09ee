package dev.cordon.executor;

import dev.cordon.profile.Profile;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment a command gets: only the names the profile passes through, plus the values it
 * sets. Secrets in cordon's own environment never reach the child unless a profile names them.
 */
public final class ChildEnvironment {

    private ChildEnvironment() {
    }

    public static Map<String, String> of(Profile.Environment environment, Map<String, String> parent) {
        Map<String, String> child = new TreeMap<>();
        parent.forEach((name, value) -> {
            if (passes(environment, name)) {
                child.put(name, value);
            }
        });
        child.putAll(environment.set());
        return child;
    }

    private static boolean passes(Profile.Environment environment, String name) {
        for (String pattern : environment.pass()) {
            boolean prefix = pattern.endsWith("*");
            if (prefix ? name.startsWith(pattern.substring(0, pattern.length() - 1)) : name.equals(pattern)) {
                return true;
            }
        }
        return false;
    }
}
