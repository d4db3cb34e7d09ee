package dev.cordon.hook;

/** An event the protocol does not allow: missing or mistyped fields, an unknown event. */
public final class BadEvent extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BadEvent(String message) {
        super(message);
    }
}
