package dev.cordon.path;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The places a list of denied globs names: {@code /etc/shadow} itself, {@code /etc/sudoers.d} for
 * {@code /etc/sudoers.d/**}, and for a glob that matches a name anywhere ({@code **}{@code /.ssh/**},
 * {@code **}{@code /.git-credentials}) that name in the home folder, where the user's secrets are.
 * Globs that name no one place ({@code **}{@code /*.pem}) give none. The OS sandbox hides these
 * places, and a command that reads everything below a folder holding one of them is refused: so
 * the policy and the sandbox work from one list.
 */
public final class DeniedLocations {

    /**
     * Denied to file tools and to commands that name them, but not hidden: every program that
     * looks up a user or a group reads them, and they hold no secret (the hashes are in
     * {@code /etc/shadow}).
     */
    private static final Set<String> NEEDED_TO_RUN = Set.of("/etc/passwd", "/etc/group");

    private DeniedLocations() {
    }

    /** The places, absolute and normalised, in list order. */
    public static List<String> of(List<String> globs, String home) {
        Set<String> out = new LinkedHashSet<>();
        for (String glob : globs) {
            String place = place(glob, home);
            if (place != null && !NEEDED_TO_RUN.contains(place)) {
                out.add(place);
            }
        }
        return new ArrayList<>(out);
    }

    private static String place(String glob, String home) {
        String g = glob.endsWith("/**") ? glob.substring(0, glob.length() - 3) : glob;
        String path;
        if (g.startsWith("**/")) {
            if (home == null || home.isEmpty()) {
                return null;
            }
            path = home + "/" + g.substring(3);
        } else if (g.startsWith("/")) {
            path = g;
        } else {
            return null;
        }
        for (int i = 0; i < path.length(); i++) {
            if ("*?[{\\".indexOf(path.charAt(i)) >= 0) {
                return null;
            }
        }
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The first place at or below {@code folder}: what a recursive read of the folder sweeps in. */
    public static String within(List<String> places, String folder) {
        String base = folder.equals("/") ? "/" : folder + "/";
        for (String place : places) {
            if (place.equals(folder) || place.startsWith(base)) {
                return place;
            }
        }
        return null;
    }
}
