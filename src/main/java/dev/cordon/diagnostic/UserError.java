package dev.cordon.diagnostic;

/**
 * A controlled failure: the message is shown as is (no stack trace) and the process exits with
 * the given code.
 */
public final class UserError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;
    private final String help;

    public UserError(int exitCode, String message, String help) {
        super(message);
        this.exitCode = exitCode;
        this.help = help;
    }

    public UserError(int exitCode, String message) {
        this(exitCode, message, null);
    }

    public int exitCode() {
        return exitCode;
    }

    /** A hint shown on its own line after the message, or null. */
    public String help() {
        return help;
    }
}
