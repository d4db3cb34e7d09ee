package dev.cordon.audit;

import java.nio.file.Path;

/**
 * Size-based rotation: when a line would take the log past {@code maxBytes}, {@code audit.jsonl}
 * becomes {@code audit.jsonl.1}, {@code .1} becomes {@code .2} and so on; {@code .keep} is the
 * oldest kept and is deleted at the next rotation.
 *
 * @param maxBytes the size a log may reach; 0 for no rotation
 * @param keep how many rotated files are kept (at least 1 when rotating)
 */
public record Rotation(long maxBytes, int keep) {

    /** 10 MiB, five rotated files. */
    public static final Rotation DEFAULT = new Rotation(10L * 1024 * 1024, 5);

    /** Never rotate. */
    public static final Rotation NONE = new Rotation(0, 0);

    public Rotation {
        if (maxBytes < 0 || keep < 0 || (maxBytes > 0 && keep < 1)) {
            throw new IllegalArgumentException("invalid rotation: max bytes " + maxBytes + ", keep " + keep);
        }
    }

    /** Whether a line of {@code lineBytes} should go to a fresh file rather than this one of {@code size}. */
    boolean isDue(long size, long lineBytes) {
        return maxBytes > 0 && size > 0 && size + lineBytes > maxBytes;
    }

    /** {@code audit.jsonl.N}. */
    static Path rotated(Path log, int n) {
        return log.resolveSibling(log.getFileName() + "." + n);
    }
}
