package dev.cordon.fact;

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
