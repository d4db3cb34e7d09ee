package dev.cordon.fact;

import java.util.List;

/**
 * The rule, profile and config files in force, and the folders holding them: writing any of them
 * would change the policy itself.
 *
 * @param files files protected as themselves
 * @param folders folders protected with everything below them (a file added there would join
 *     the policy; a path that does not exist yet may become either, so it is protected as a folder)
 */
public record PolicyFiles(List<String> files, List<String> folders) {

    public PolicyFiles {
        files = List.copyOf(files);
        folders = List.copyOf(folders);
    }

    /** The protected path the access writes to or below, or null. */
    public String protectedBy(FileAccess access) {
        for (String file : files) {
            if (access.is(file)) {
                return file;
            }
        }
        for (String folder : folders) {
            if (access.under(folder)) {
                return folder;
            }
        }
        return null;
    }

    public boolean protects(FileAccess access) {
        return protectedBy(access) != null;
    }
}
