package dev.cordon.audit;

import java.util.regex.Pattern;

/**
 * Whether a long run of token characters is an opaque secret rather than something with
 * structure. Kept: hashes and ids in one case of hex (git commits, sha256 sums, image digests,
 * UUIDs), runs without a digit or without a letter (words, class names, numbers), and slugs made
 * of lower-case words and numbers ({@code x86_64-unknown-linux-gnu}). Everything else of 32 or
 * more characters is treated as a secret: random keys mix upper case, lower case and digits.
 */
final class OpaqueToken {

    static final int MIN_LENGTH = 32;

    private static final Pattern HEX = Pattern.compile("[0-9a-f-]+|[0-9A-F-]+");
    private static final Pattern SLUG_PIECE = Pattern.compile("[a-z]*[0-9]*|[0-9]+[a-z]*|[A-Z][a-z]+[0-9]*");
    private static final Pattern SEPARATORS = Pattern.compile("[-_./+=]+");

    private OpaqueToken() {
    }

    static boolean isSecret(String run) {
        String token = run.replaceAll("=+$", "");
        if (token.length() < MIN_LENGTH || HEX.matcher(token).matches()) {
            return false;
        }
        boolean digit = false;
        boolean letter = false;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            digit |= c >= '0' && c <= '9';
            letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        }
        if (!digit || !letter) {
            return false;
        }
        for (String piece : SEPARATORS.split(token)) {
            if (!SLUG_PIECE.matcher(piece).matches()) {
                return true;
            }
        }
        return false;
    }
}
