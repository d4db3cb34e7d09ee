package dev.cordon.fact;

/**
 * One operand of a command, also as a normalised path, so rules can ask where {@code rm} points
 * without caring how it was spelled ({@code ~}, {@code $HOME/}, {@code ./..}, {@code /*}).
 *
 * @param command the command it belongs to
 * @param word the operand as written, after quote removal
 * @param path the operand read as a path and normalised, with a trailing {@code /*} or
 *     {@code /} removed ({@code /*} gives {@code /}); the real path when it is a symbolic link
 */
public record Operand(Command command, String word, String path) {
}
