package dev.cordon.profile;

import java.util.List;

/**
 * A user's or a project's {@code config.yaml}.
 *
 * @param file where it was read from
 * @param profile the profile it selects, or null
 * @param profileLine line of the {@code profile} value, 0 when absent
 * @param profileColumn column of the {@code profile} value, 0 when absent
 * @param trustedProjects normalised project roots the user trusts (user config only)
 * @param overrides profile settings it sets on top of the selected profile
 */
record ConfigDocument(
        SourceFile file,
        String profile,
        int profileLine,
        int profileColumn,
        List<String> trustedProjects,
        Settings overrides) {

    ConfigDocument {
        trustedProjects = List.copyOf(trustedProjects);
    }

    static ConfigDocument empty(SourceFile file) {
        return new ConfigDocument(file, null, 0, 0, List.of(), new Settings());
    }
}
