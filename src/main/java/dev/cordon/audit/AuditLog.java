package dev.cordon.audit;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;

/**
 * Appends audit events to a JSON-lines file that many cordon processes share.
 *
 * <p>Guarantees: every event is redacted before it is serialised; each line is written with a
 * single {@code write} on a descriptor opened with {@code O_APPEND}, while holding the log's
 * exclusive {@link AuditLock}, so concurrent writers never interleave or lose a line. A writer
 * that died mid-line leaves at most that line torn: the next writer sees that the file does not
 * end with a line break and starts a fresh line, and readers skip the torn one. Rotation happens
 * under the same lock; a writer whose descriptor still points at a file that was rotated away
 * notices (the path's inode changed) and reopens before writing.
 *
 * <p>New files are created {@code rw-------} in a {@code rwx------} directory.
 */
public final class AuditLog implements Closeable {

    /** Texts longer than this are cut, so one event stays one reasonable line. */
    static final int MAX_TEXT_CHARS = 64 * 1024;

    private static final Object MISSING = new Object();

    private final Path file;
    private final Rotation rotation;
    private final AuditLock lock;
    private FileChannel out;
    private FileChannel in;
    private Object identity;

    public AuditLog(Path file, Rotation rotation) {
        this.file = file.toAbsolutePath().normalize();
        this.rotation = Objects.requireNonNull(rotation, "rotation");
        this.lock = AuditLock.of(this.file);
    }

    /** A log with the default rotation (10 MiB, five files kept). */
    public AuditLog(Path file) {
        this(file, Rotation.DEFAULT);
    }

    public Path file() {
        return file;
    }

    /** Redacts the event and appends it as one line. */
    public void append(AuditEvent event) throws IOException {
        AuditEvent safe = Redactor.redact(event).mapText(AuditLog::cut);
        byte[] line = (AuditJson.write(safe) + "\n").getBytes(StandardCharsets.UTF_8);
        lock.call(AuditLock.Mode.EXCLUSIVE, () -> {
            write(line);
            return null;
        });
    }

    private void write(byte[] line) throws IOException {
        openIfStale();
        long size = out.size();
        if (rotation.isDue(size, line.length)) {
            rotate();
            openIfStale();
            size = out.size();
        }
        ByteBuffer buffer;
        if (size > 0 && lastByte(size) != '\n') {
            // the previous writer died mid-line: keep its fragment on a line of its own
            buffer = ByteBuffer.allocate(line.length + 1).put((byte) '\n').put(line).flip();
        } else {
            buffer = ByteBuffer.wrap(line);
        }
        // the JDK hands the whole buffer to one write(2); O_APPEND puts it at the end atomically
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    private byte lastByte(long size) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        in.read(one, size - 1);
        return one.get(0);
    }

    /** Opens the log unless the open descriptor still is the file at the path. Under the lock. */
    private void openIfStale() throws IOException {
        Object current = identity(file);
        if (out != null && out.isOpen() && current != MISSING && Objects.equals(current, identity)) {
            return;
        }
        closeChannels();
        AuditFiles.createParent(file);
        out = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND), AuditFiles.ownerOnly());
        in = FileChannel.open(file, StandardOpenOption.READ);
        // rotation only happens under the lock we hold, so this is the inode just opened
        identity = identity(file);
    }

    /** {@code audit.jsonl} → {@code .1} → … → {@code .keep}; older ones are dropped. Under the lock. */
    private void rotate() throws IOException {
        closeChannels();
        // newest rotated last: each moves up one place, starting with the oldest
        for (int n : AuditFiles.rotatedNumbers(file)) {
            Path from = Rotation.rotated(file, n);
            if (n >= rotation.keep()) {
                Files.deleteIfExists(from);
            } else {
                Files.move(from, Rotation.rotated(file, n + 1), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        if (Files.exists(file)) {
            Files.move(file, Rotation.rotated(file, 1), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static Object identity(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        } catch (NoSuchFileException e) {
            return MISSING;
        }
    }

    private static String cut(String text) {
        if (text.length() <= MAX_TEXT_CHARS) {
            return text;
        }
        return text.substring(0, MAX_TEXT_CHARS) + "…[cut " + (text.length() - MAX_TEXT_CHARS) + " chars]";
    }

    private void closeChannels() throws IOException {
        try {
            if (out != null) {
                out.close();
            }
        } finally {
            out = null;
            if (in != null) {
                in.close();
            }
            in = null;
        }
    }

    @Override
    public void close() throws IOException {
        closeChannels();
    }
}
