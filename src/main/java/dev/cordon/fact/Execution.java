package dev.cordon.fact;

/**
 * A file a command runs: its program given as a path ({@code ./install.sh}) or the script a
 * shell, {@code source} or an interpreter runs ({@code sh x.sh}, {@code python3 t.py}).
 *
 * @param command the command
 * @param path the file, normalised
 */
public record Execution(Command command, String path) {

    /** Whether the file is this folder or lies below it. */
    public boolean under(String folder) {
        return path.equals(folder) || path.startsWith(folder.endsWith("/") ? folder : folder + "/");
    }
}
