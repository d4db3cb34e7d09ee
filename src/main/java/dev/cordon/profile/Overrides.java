package dev.cordon.profile;

import java.nio.file.Path;

/**
 * What command-line flags set: the highest layer. Every component may be null (not given).
 *
 * @param profile {@code --profile NAME}
 * @param mode {@code --sandbox MODE}
 * @param executor {@code --executor NAME}
 * @param workspace {@code --workspace DIR}
 * @param timeoutSeconds {@code --timeout S}
 */
public record Overrides(String profile, Profile.Mode mode, String executor, Path workspace, Integer timeoutSeconds) {

    /** No flags given. */
    public static final Overrides NONE = new Overrides(null, null, null, null, null);

    public Overrides withProfile(String name) {
        return new Overrides(name, mode, executor, workspace, timeoutSeconds);
    }
}
