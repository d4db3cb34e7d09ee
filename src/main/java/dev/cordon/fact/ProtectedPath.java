package dev.cordon.fact;

/**
 * A file of the policy in force (a rule, profile or config file) or a folder that holds them:
 * writing it would change the policy itself.
 *
 * @param path the normalised path
 * @param tree whether everything below it is protected too
 */
public record ProtectedPath(String path, boolean tree) {

    public boolean protects(FileAccess access) {
        return tree ? access.under(path) : access.is(path);
    }
}
