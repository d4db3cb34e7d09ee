package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;

/**
 * One profile file as read, before {@code extends} is followed.
 *
 * @param name the profile's name (its file name without {@code .yaml})
 * @param file where it was read from
 * @param parent the {@code extends} name, or null
 * @param parentSource where the {@code extends} value is, for errors; null without one
 * @param description what the profile is for, or null
 * @param settings what it sets
 */
record ProfileDocument(
        String name,
        SourceFile file,
        String parent,
        Provenance parentSource,
        String description,
        Settings settings) {
}
