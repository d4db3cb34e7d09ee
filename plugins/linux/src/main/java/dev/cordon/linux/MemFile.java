package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A file that lives in memory only ({@code memfd_create}): no path, nothing on disk, gone with its
 * last descriptor. A child gets it with {@link NativeSpawn.Inherited#duplicated(int, MemFile)};
 * what the child writes is read back with {@link #text()}. Reads never move the shared offset, so
 * the child keeps writing where it was.
 */
public final class MemFile implements AutoCloseable {

    private static final int MFD_CLOEXEC = 1;

    private final int fd;
    private boolean closed;

    private MemFile(int fd) {
        this.fd = fd;
    }

    /** An empty file. */
    public static MemFile create(String name) throws IOException {
        try {
            return new MemFile(SpawnLibC.memfd_create(name, MFD_CLOEXEC));
        } catch (LastErrorException e) {
            throw new IOException("memfd_create: " + Errno.describe(e.getErrorCode()), e);
        }
    }

    /** A file holding {@code content}, its offset back at the start (a child reads it from there). */
    public static MemFile of(String name, byte[] content) throws IOException {
        MemFile file = create(name);
        try {
            int done = 0;
            while (done < content.length) {
                byte[] rest = done == 0 ? content : java.util.Arrays.copyOfRange(content, done, content.length);
                done += (int) SpawnLibC.write(file.fd, rest, rest.length);
            }
            SpawnLibC.lseek(file.fd, 0, 0);
            return file;
        } catch (LastErrorException e) {
            file.close();
            throw new IOException("writing a memory file: " + Errno.describe(e.getErrorCode()), e);
        }
    }

    /** What the file holds now, as UTF-8; empty when it cannot be read. */
    public synchronized String text() {
        if (closed) {
            return "";
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            long offset = 0;
            long count;
            while ((count = SpawnLibC.pread(fd, buffer, buffer.length, offset)) > 0) {
                out.write(buffer, 0, (int) count);
                offset += count;
            }
        } catch (LastErrorException e) {
            // What was read so far.
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    synchronized int descriptor() {
        if (closed) {
            throw new IllegalStateException("memory file closed");
        }
        return fd;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            NativeSpawn.closeQuietly(fd);
        }
    }
}
