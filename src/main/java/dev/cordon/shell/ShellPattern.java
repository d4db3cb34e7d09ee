package dev.cordon.shell;

/**
 * Shell pattern matching as {@code ${X#pattern}} and {@code ${X/pattern/text}} use it:
 * {@code *}, {@code ?}, {@code [abc]}, {@code [!a-z]} and backslash escapes; no regular
 * expressions, no backtracking explosion (a star remembers one restart point).
 */
final class ShellPattern {

    private ShellPattern() {
    }

    static boolean matches(String pattern, String text) {
        int p = 0;
        int t = 0;
        int starP = -1;
        int starT = -1;
        while (t < text.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                starP = ++p;
                starT = t;
                continue;
            }
            int next = p < pattern.length() ? step(pattern, p, text.charAt(t)) : -1;
            if (next >= 0) {
                p = next;
                t++;
            } else if (starP >= 0) {
                p = starP;
                t = ++starT;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    /** The pattern index after matching {@code c} at {@code p}, or -1 when it does not match. */
    private static int step(String pattern, int p, char c) {
        char x = pattern.charAt(p);
        if (x == '?') {
            return p + 1;
        }
        if (x == '\\' && p + 1 < pattern.length()) {
            return pattern.charAt(p + 1) == c ? p + 2 : -1;
        }
        if (x == '[') {
            int close = pattern.indexOf(']', p + 2);
            if (close > p) {
                return inClass(pattern, p + 1, close, c) ? close + 1 : -1;
            }
        }
        return x == c ? p + 1 : -1;
    }

    private static boolean inClass(String pattern, int from, int close, char c) {
        boolean negate = pattern.charAt(from) == '!' || pattern.charAt(from) == '^';
        int i = negate ? from + 1 : from;
        boolean found = false;
        while (i < close) {
            char first = pattern.charAt(i);
            if (i + 2 < close && pattern.charAt(i + 1) == '-') {
                found |= c >= first && c <= pattern.charAt(i + 2);
                i += 3;
            } else {
                found |= c == first;
                i++;
            }
        }
        return found != negate;
    }
}
