package dev.cordon.executor.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Drains one output stream of a child on its own thread: every chunk goes to a sink (the
 * listener), at most {@code limit} bytes are kept, the rest is read and counted but dropped, so
 * memory stays bounded however much the child prints and the child never blocks on a full pipe.
 */
final class StreamCapture implements Runnable {

    /** Receives each chunk as it is read. */
    @FunctionalInterface
    interface Sink {
        void accept(byte[] bytes, int offset, int length);
    }

    private static final int CHUNK = 16 * 1024;
    private static final long MAX_KEPT = Integer.MAX_VALUE - 8;

    private final InputStream in;
    private final long limit;
    private final Sink sink;
    private byte[] kept = new byte[0];
    private int keptLength;
    private long total;
    private volatile String failure;
    private volatile String sinkFailure;

    StreamCapture(InputStream in, long limit, Sink sink) {
        this.in = in;
        this.limit = Math.min(limit, MAX_KEPT);
        this.sink = sink;
    }

    @Override
    public void run() {
        byte[] chunk = new byte[CHUNK];
        try (in) {
            int n;
            while ((n = in.read(chunk)) != -1) {
                deliver(chunk, n);
                keep(chunk, n);
            }
        } catch (IOException e) {
            failure = e.getMessage();
        }
    }

    private void deliver(byte[] chunk, int n) {
        if (sinkFailure != null) {
            return;
        }
        try {
            sink.accept(chunk, 0, n);
        } catch (RuntimeException e) {
            // A broken listener must not stop the draining, or the child would block on a full pipe.
            sinkFailure = String.valueOf(e.getMessage());
        }
    }

    private synchronized void keep(byte[] chunk, int n) {
        long room = Math.max(0, limit - keptLength);
        int take = (int) Math.min(room, n);
        if (take > 0) {
            if (keptLength + take > kept.length) {
                long grown = Math.max((long) kept.length * 2, (long) keptLength + take);
                kept = Arrays.copyOf(kept, (int) Math.min(grown, limit));
            }
            System.arraycopy(chunk, 0, kept, keptLength, take);
            keptLength += take;
        }
        total += n;
    }

    synchronized String text() {
        return new String(kept, 0, keptLength, StandardCharsets.UTF_8);
    }

    synchronized long totalBytes() {
        return total;
    }

    synchronized boolean truncated() {
        return total > keptLength;
    }

    /** Why reading stopped early, or null. */
    String failure() {
        return failure;
    }

    /** Why the listener stopped receiving output, or null. */
    String sinkFailure() {
        return sinkFailure;
    }
}
