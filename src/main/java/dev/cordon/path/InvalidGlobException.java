package dev.cordon.path;

/** A glob pattern that cannot be compiled; {@link #offset()} points at the offending character. */
public final class InvalidGlobException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int offset;

    InvalidGlobException(String pattern, int offset, String what) {
        super("invalid glob `" + pattern + "`: " + what + " at offset " + offset);
        this.offset = offset;
    }

    /** 0-based index into the pattern. */
    public int offset() {
        return offset;
    }
}
