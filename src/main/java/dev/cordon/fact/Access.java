package dev.cordon.fact;

/** How a file is touched. */
public enum Access {
    READ,
    WRITE
}
