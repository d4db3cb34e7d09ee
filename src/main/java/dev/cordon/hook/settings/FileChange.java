package dev.cordon.hook.settings;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A settings file as it is and as it would be.
 *
 * @param file the file
 * @param before its text now, or null when it does not exist
 * @param after its text after the change, or null when it would not exist (a settings file left
 *     empty is removed)
 */
public record FileChange(Path file, String before, String after) {

    public boolean changes() {
        return !Objects.equals(before, after);
    }

    /** A JSON file whose object was (changed) or was not changed; a file left empty goes. */
    static FileChange json(Path file, boolean exists, String before, com.fasterxml.jackson.databind.node.ObjectNode root,
            boolean changed) {
        String was = exists ? before : null;
        if (!changed) {
            return new FileChange(file, was, was);
        }
        return new FileChange(file, was, root.isEmpty() ? null : JsonSettings.render(root));
    }
}
