package dev.cordon.fact;

import dev.cordon.path.DeniedLocations;
import java.util.List;

/**
 * One of the profile's path lists: its denied paths or its allowed paths. One fact per list, not
 * per glob: every fact inserted costs time on every decision.
 *
 * @param list which list
 * @param globs its globs over normalised paths
 */
public record PathGlobs(PathList list, List<String> globs) {

    public PathGlobs {
        globs = List.copyOf(globs);
        globs.forEach(Globs::compiled);
    }

    /**
     * The place the list names that a read of everything below the access's path (or the folder
     * it really is) takes in: {@code ~/.ssh} for {@code grep -r KEY ~}. Empty or one place.
     */
    public List<String> sweptBy(FileAccess access, String home) {
        List<String> places = DeniedLocations.of(globs, home);
        String place = DeniedLocations.within(places, access.path());
        if (place == null && !access.real().equals(access.path())) {
            place = DeniedLocations.within(places, access.real());
        }
        return place == null ? List.of() : List.of(place);
    }

    /** Whether some glob covers both the access's path and the file it really is. */
    public boolean covers(FileAccess access) {
        for (String glob : globs) {
            if (access.within(glob)) {
                return true;
            }
        }
        return false;
    }
}
