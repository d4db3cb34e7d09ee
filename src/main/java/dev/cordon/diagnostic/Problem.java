package dev.cordon.diagnostic;

/**
 * Something wrong in a policy file (profile, rule file, suite), with where it is.
 *
 * @param file the file as the user would name it
 * @param line 1-based line, 0 when unknown
 * @param column 1-based column, 0 when unknown
 * @param message one line, lower-case, no final period, user input in backticks
 */
public record Problem(String file, int line, int column, String message) {

    /** {@code file:line:col: message}, leaving out what is unknown. */
    public String render() {
        StringBuilder out = new StringBuilder(file);
        if (line > 0) {
            out.append(':').append(line);
            if (column > 0) {
                out.append(':').append(column);
            }
        }
        return out.append(": ").append(message).toString();
    }
}
