package dev.cordon.fact;

/**
 * Derived by the rules: an operand of this command is the root, a top-level system folder or the
 * home folder, whose recursive removal would wreck the machine or the user's files.
 *
 * @param command the command
 * @param path the folder
 */
public record SystemDirectory(Command command, String path) {
}
