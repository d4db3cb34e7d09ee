package dev.cordon.fact;

import java.util.regex.Pattern;

/**
 * One of the profile's {@code denied_commands}: a wildcard when it has {@code *} or {@code ?},
 * else a substring. It is matched against the whole line and against each simple command, both as
 * written and with normalised words.
 *
 * @param pattern the pattern as the profile gives it
 * @param wildcard the compiled wildcard, or null for a substring
 */
public record DeniedCommandPattern(String pattern, Pattern wildcard) {

    public static DeniedCommandPattern of(String pattern) {
        return new DeniedCommandPattern(pattern, Wildcard.isWildcard(pattern) ? Wildcard.compile(pattern) : null);
    }

    public boolean matches(String text) {
        if (text == null) {
            return false;
        }
        return wildcard == null ? text.contains(pattern) : wildcard.matcher(text).matches();
    }

    public boolean matches(Command c) {
        return matches(c.text()) || matches(c.normalizedText());
    }
}
