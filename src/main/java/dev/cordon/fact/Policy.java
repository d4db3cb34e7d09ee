package dev.cordon.fact;

import dev.cordon.profile.Profile;

/**
 * The settings of the active profile that gates depend on.
 *
 * @param profile the profile's name
 * @param mode how hard enforcement is
 * @param readOnly every write and execute is denied
 * @param askWrites writes need a human
 * @param askExecute shell commands need a human
 * @param allowedPathsSet file accesses outside the allowed paths are denied
 */
public record Policy(String profile, Profile.Mode mode, boolean readOnly, boolean askWrites, boolean askExecute,
        boolean allowedPathsSet) {

    public static Policy of(Profile p) {
        return new Policy(p.name(), p.mode(), p.readOnly(), p.approval().writes(), p.approval().execute(),
                !p.allowedPaths().isEmpty());
    }

    public boolean strict() {
        return mode == Profile.Mode.STRICT;
    }
}
