package dev.cordon.fact;

/**
 * A shell function defined by the line ({@code name() { …; }} or {@code function name}).
 *
 * @param name the function's name
 */
public record ShellFunction(String name) {
}
