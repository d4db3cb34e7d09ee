package dev.cordon.profile;

import java.util.ArrayList;
import java.util.List;

/** Brings path patterns from profiles into the form paths are normalised to. */
final class PatternPaths {

    private PatternPaths() {
    }

    /**
     * Expands {@code ~}, lower-cases a drive letter and collapses {@code .} and {@code ..} in an
     * absolute pattern, leaving wildcards alone. Patterns with braces are left as written: a
     * segment split would cut through them.
     */
    static String normalize(String pattern, String home) {
        String out = pattern;
        if (out.equals("~") && home != null) {
            out = home;
        } else if (out.startsWith("~/") && home != null) {
            out = home + out.substring(1);
        }
        boolean drive = hasDrive(out);
        if (drive) {
            out = Character.toLowerCase(out.charAt(0)) + out.substring(1);
        }
        if (out.indexOf('{') >= 0 || !(drive || (out.startsWith("/") && !out.startsWith("//")))) {
            return out;
        }
        int rootLength = drive ? 3 : 1;
        List<String> kept = new ArrayList<>();
        for (String segment : out.substring(Math.min(rootLength, out.length())).split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (!kept.isEmpty()) {
                    kept.remove(kept.size() - 1);
                }
                continue;
            }
            kept.add(segment);
        }
        return out.substring(0, Math.min(rootLength, out.length())) + String.join("/", kept);
    }

    static boolean hasWildcard(String path) {
        for (char c : new char[] {'*', '?', '[', ']', '{', '}'}) {
            if (path.indexOf(c) >= 0) {
                return true;
            }
        }
        return false;
    }

    static boolean isAbsolute(String path) {
        return path.startsWith("/") || path.startsWith("\\\\") || path.equals("~") || path.startsWith("~/") || hasDrive(path);
    }

    /** Whether {@code inner} is {@code outer} or below it, by whole segments. */
    static boolean isUnder(String inner, String outer) {
        if (inner.equals(outer) || outer.equals("/")) {
            return inner.startsWith("/") || inner.equals(outer);
        }
        String base = outer.endsWith("/") ? outer : outer + "/";
        return inner.startsWith(base);
    }

    private static boolean hasDrive(String path) {
        char letter = path.isEmpty() ? ' ' : path.charAt(0);
        return path.length() >= 3
                && ((letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z'))
                && path.charAt(1) == ':'
                && (path.charAt(2) == '/' || path.charAt(2) == '\\');
    }
}
