package dev.cordon.fact;

/**
 * A path of the call that cannot be made comparable (a NUL character, a symbolic-link loop):
 * it is refused rather than guessed at.
 *
 * @param written the path as written
 * @param message what is wrong with it
 */
public record InvalidPath(String written, String message) {
}
