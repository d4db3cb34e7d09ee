package dev.cordon.spi;

/** The executor could not set up confinement; the command did not run. */
public final class ExecutorException extends Exception {

    private static final long serialVersionUID = 1L;

    public ExecutorException(String message) {
        super(message);
    }

    public ExecutorException(String message, Throwable cause) {
        super(message, cause);
    }
}
