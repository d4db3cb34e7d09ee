package dev.cordon.fact;

/**
 * The command line (or path) holds characters that drive a terminal or reorder text: escape and
 * other control characters, bidirectional embeddings, overrides and isolates. Shown to a human at
 * an approval prompt they could hide or fake part of what would run, and no command needs them.
 *
 * @param description the first such character, as an escape with its name ({@code \x1b (escape)})
 */
public record HiddenCharacters(String description) {

    /** The first such character of the text, or null when there is none. Tabs and newlines are fine. */
    public static HiddenCharacters in(String text) {
        if (text == null) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lineEnd = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
            if (c < 0x20 && c != '\t' && c != '\n' && !lineEnd || c >= 0x7f && c <= 0x9f) {
                return new HiddenCharacters(String.format("\\x%02x (%s)", (int) c, name(c)));
            }
            if (c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069) {
                return new HiddenCharacters(String.format("\\u%04x (a bidirectional text control)", (int) c));
            }
        }
        return null;
    }

    private static String name(char c) {
        return switch (c) {
            case 0x1b -> "escape, which starts terminal control sequences";
            case 0x9b -> "control sequence introducer";
            case '\r' -> "carriage return, which moves the cursor back over what was shown";
            case '\b' -> "backspace";
            case 0x7f -> "delete";
            case 0x07 -> "bell";
            case 0 -> "NUL";
            default -> "a control character";
        };
    }
}
