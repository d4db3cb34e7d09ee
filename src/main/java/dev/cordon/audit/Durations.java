package dev.cordon.audit;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the short durations of {@code --since}: {@code 45s}, {@code 30m}, {@code 2h}, {@code 7d}, {@code 1w}. */
public final class Durations {

    private static final Pattern SHORT = Pattern.compile("([0-9]{1,6})([smhdw])");

    private Durations() {
    }

    /** @throws IllegalArgumentException with a one-line message for anything else */
    public static Duration parse(String text) {
        Matcher m = SHORT.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid duration `" + text
                    + "`: expected a number and a unit (s, m, h, d, w), e.g. `30m`");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            case "w" -> Duration.ofDays(7 * n);
            default -> throw new IllegalStateException("unit " + m.group(2));
        };
    }
}
