package dev.cordon.fact;

/**
 * Part of the command line the parser could not understand: such a line is never allowed on the
 * strength of the commands that were understood.
 *
 * @param message what could not be understood
 */
public record ParseProblem(String message) {
}
