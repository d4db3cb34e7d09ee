package dev.cordon.shell;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The text filters that turn data into code in obfuscated command lines: {@code base64 -d},
 * {@code base32 -d}, {@code xxd -r -p}, {@code rev}, {@code tr}. Each returns null when the
 * input is not what the filter can decode.
 */
final class TextFilters {

    private TextFilters() {
    }

    static String base64Decode(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                clean.append(c);
            }
        }
        try {
            return new String(Base64.getMimeDecoder().decode(clean.toString()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String base64Encode(String text) {
        String encoded = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder(encoded.length() + encoded.length() / 76 + 1);
        for (int i = 0; i < encoded.length(); i += 76) {
            out.append(encoded, i, Math.min(encoded.length(), i + 76)).append('\n');
        }
        return out.toString();
    }

    static String base32Decode(String text) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        StringBuilder bytes = new StringBuilder();
        int buffer = 0;
        int bits = 0;
        byte[] out = new byte[text.length()];
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = Character.toUpperCase(text.charAt(i));
            if (c == '=' || Character.isWhitespace(c)) {
                continue;
            }
            int v = alphabet.indexOf(c);
            if (v < 0) {
                return null;
            }
            buffer = (buffer << 5) | v;
            bits += 5;
            if (bits >= 8) {
                out[n++] = (byte) (buffer >> (bits - 8));
                bits -= 8;
            }
        }
        bytes.append(new String(out, 0, n, StandardCharsets.UTF_8));
        return bytes.toString();
    }

    /** {@code xxd -r -p}: hexadecimal digits to bytes, blanks ignored. */
    static String hexDecode(String text) {
        byte[] out = new byte[text.length() / 2 + 1];
        int n = 0;
        int high = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            int v = Character.digit(c, 16);
            if (v < 0) {
                return null;
            }
            if (high < 0) {
                high = v;
            } else {
                out[n++] = (byte) (high * 16 + v);
                high = -1;
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    /** {@code rev}: each line reversed. */
    static String reverseLines(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (from <= text.length()) {
            int newline = text.indexOf('\n', from);
            int end = newline < 0 ? text.length() : newline;
            out.append(new StringBuilder(text.substring(from, end)).reverse());
            if (newline < 0) {
                break;
            }
            out.append('\n');
            from = newline + 1;
        }
        return out.toString();
    }

    /**
     * {@code tr SET1 SET2} and {@code tr -d SET1}: ranges ({@code a-z}), escapes and the classes
     * {@code [:lower:]}, {@code [:upper:]}, {@code [:digit:]}, {@code [:space:]}; null for sets it
     * cannot read.
     */
    static String translate(String text, String from, String to, boolean delete) {
        String source = set(from);
        String target = to == null ? "" : set(to);
        if (source == null || target == null || (!delete && target.isEmpty())) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int at = source.lastIndexOf(c);
            if (at < 0) {
                out.append(c);
            } else if (!delete) {
                out.append(target.charAt(Math.min(at, target.length() - 1)));
            }
        }
        return out.toString();
    }

    private static String set(String spec) {
        String decoded = Escapes.decode(spec, 0, spec.length());
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < decoded.length()) {
            if (decoded.startsWith("[:", i)) {
                int close = decoded.indexOf(":]", i + 2);
                if (close < 0) {
                    return null;
                }
                String members = switch (decoded.substring(i + 2, close)) {
                    case "lower" -> "abcdefghijklmnopqrstuvwxyz";
                    case "upper" -> "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
                    case "digit" -> "0123456789";
                    case "space" -> " \t\n\r\f\u000b";
                    case "blank" -> " \t";
                    default -> null;
                };
                if (members == null) {
                    return null;
                }
                out.append(members);
                i = close + 2;
            } else if (i + 2 < decoded.length() && decoded.charAt(i + 1) == '-') {
                char first = decoded.charAt(i);
                char last = decoded.charAt(i + 2);
                if (last < first || last - first > 4096) {
                    return null;
                }
                for (char c = first; c <= last; c++) {
                    out.append(c);
                }
                i += 3;
            } else if (decoded.charAt(i) == '[' && decoded.indexOf(']', i) > i) {
                return null;
            } else {
                out.append(decoded.charAt(i++));
            }
        }
        return out.toString();
    }
}
