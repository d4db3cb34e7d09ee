package dev.cordon.fact;

/** Which profile list a path pattern comes from. */
public enum PathList {
    /** {@code denied_paths}: never read or written. */
    DENIED,
    /** {@code allowed_paths}: when set, nothing outside is touched. */
    ALLOWED
}
