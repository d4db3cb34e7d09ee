package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.List;

/**
 * A user's or a project's {@code config.yaml}.
 *
 * @param file where it was read from
 * @param profile the profile it selects, or null
 * @param profileSource where the {@code profile} value is, null when absent
 * @param trustedProjects normalised project roots the user trusts (user config only)
 * @param overrides profile settings it sets on top of the selected profile
 */
record ConfigDocument(
        SourceFile file,
        String profile,
        Provenance profileSource,
        List<String> trustedProjects,
        Settings overrides) {

    ConfigDocument {
        trustedProjects = List.copyOf(trustedProjects);
    }

    static ConfigDocument empty(SourceFile file) {
        return new ConfigDocument(file, null, null, List.of(), new Settings());
    }
}
