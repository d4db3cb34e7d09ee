package dev.cordon.executor.seatbelt;

import dev.cordon.spi.ExecutorException;
import java.nio.file.Path;

/**
 * String literals of the Seatbelt profile language. A profile is a Scheme program, so a path goes
 * in double quotes with {@code \} and {@code "} escaped. Control characters are refused rather
 * than escaped: how the profile reader treats them was not verified, and a path that holds a line
 * break is never one a policy meant.
 */
final class SeatbeltText {

    private SeatbeltText() {
    }

    /** {@code "text"} with {@code \} and {@code "} escaped. */
    static String literal(String text) throws ExecutorException {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new ExecutorException("seatbelt cannot express `" + printable(text)
                        + "`: it holds a control character");
            }
            if (c == '\\' || c == '"') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }

    /** The absolute, normalised form of a path the profile names, as a string. */
    static String absolute(Path path) throws ExecutorException {
        if (!path.isAbsolute()) {
            throw new ExecutorException("seatbelt needs absolute paths, got `" + printable(path.toString()) + "`");
        }
        return path.normalize().toString();
    }

    /** The text with control characters shown as {@code \xNN}, for messages. */
    static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
