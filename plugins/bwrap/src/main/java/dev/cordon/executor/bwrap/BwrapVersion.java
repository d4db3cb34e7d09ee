package dev.cordon.executor.bwrap;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bubblewrap release, as {@code bwrap --version} prints it ({@code bubblewrap 0.8.0}).
 *
 * @param major the major number
 * @param minor the minor number
 * @param patch the patch number
 */
record BwrapVersion(int major, int minor, int patch) implements Comparable<BwrapVersion> {

    /** The oldest release with every option the executor uses ({@code --disable-userns}, {@code --size}). */
    static final BwrapVersion MINIMUM = new BwrapVersion(0, 8, 0);

    private static final Pattern VERSION = Pattern.compile("bubblewrap\\s+(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    static Optional<BwrapVersion> parse(String output) {
        Matcher matcher = VERSION.matcher(output);
        if (!matcher.find()) {
            return Optional.empty();
        }
        try {
            int patch = matcher.group(3) == null ? 0 : Integer.parseInt(matcher.group(3));
            return Optional.of(new BwrapVersion(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)), patch));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    boolean isSupported() {
        return compareTo(MINIMUM) >= 0;
    }

    @Override
    public int compareTo(BwrapVersion other) {
        int byMajor = Integer.compare(major, other.major);
        if (byMajor != 0) {
            return byMajor;
        }
        int byMinor = Integer.compare(minor, other.minor);
        return byMinor != 0 ? byMinor : Integer.compare(patch, other.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
