package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.io.InputStream;

/** The read end of a pipe to a {@link NativeSpawn} child, read with {@code read(2)}. */
final class PipeInputStream extends InputStream {

    private final Object closeLock = new Object();
    private int fd;

    PipeInputStream(int fd) {
        this.fd = fd;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        int descriptor = descriptor();
        // Direct mapping passes whole arrays, so a read into the middle of one goes through a copy.
        byte[] target = offset == 0 ? buffer : new byte[length];
        long count;
        while (true) {
            try {
                count = SpawnLibC.read(descriptor, target, length);
                break;
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Errno.EINTR) {
                    throw new IOException("read: " + Errno.describe(e.getErrorCode()), e);
                }
            }
        }
        if (count == 0) {
            return -1;
        }
        if (target != buffer) {
            System.arraycopy(target, 0, buffer, offset, (int) count);
        }
        return (int) count;
    }

    @Override
    public void close() {
        synchronized (closeLock) {
            if (fd >= 0) {
                NativeSpawn.closeQuietly(fd);
                fd = -1;
            }
        }
    }

    private int descriptor() throws IOException {
        synchronized (closeLock) {
            if (fd < 0) {
                throw new IOException("stream closed");
            }
            return fd;
        }
    }
}
