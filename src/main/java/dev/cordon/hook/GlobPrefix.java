package dev.cordon.hook;

/** The fixed leading directories of a glob pattern: {@code ../../etc} of {@code ../../etc/*.conf}. */
final class GlobPrefix {

    private GlobPrefix() {
    }

    /**
     * The segments before the first one with a wildcard, or "" when the pattern starts with one.
     *
     * @throws BadEvent when {@code ..} follows a wildcard: where that leads cannot be checked
     */
    static String of(String pattern) {
        String[] segments = pattern.split("/", -1);
        StringBuilder prefix = new StringBuilder(pattern.startsWith("/") ? "/" : "");
        boolean wild = false;
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (segment.isEmpty()) {
                continue;
            }
            if (wild || hasWildcard(segment)) {
                wild = true;
                if (segment.equals("..")) {
                    throw new BadEvent("the pattern `" + pattern + "` climbs with `..` after a wildcard;"
                            + " where it leads cannot be checked");
                }
                continue;
            }
            if (last && !segment.equals("..")) {
                break;
            }
            if (prefix.length() > 0 && prefix.charAt(prefix.length() - 1) != '/') {
                prefix.append('/');
            }
            prefix.append(segment);
        }
        return prefix.toString();
    }

    private static boolean hasWildcard(String segment) {
        for (int i = 0; i < segment.length(); i++) {
            if ("*?[{".indexOf(segment.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }
}
