package dev.cordon.profile;

/**
 * One profile file as read, before {@code extends} is followed.
 *
 * @param name the profile's name (its file name without {@code .yaml})
 * @param file where it was read from
 * @param parent the {@code extends} name, or null
 * @param parentLine line of the {@code extends} value, for errors
 * @param parentColumn column of the {@code extends} value, for errors
 * @param description what the profile is for, or null
 * @param settings what it sets
 */
record ProfileDocument(
        String name,
        SourceFile file,
        String parent,
        int parentLine,
        int parentColumn,
        String description,
        Settings settings) {
}
