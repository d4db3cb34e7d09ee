package dev.cordon.audit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock that orders everything done to one audit log: appends, rotation, and readers taking
 * a consistent snapshot. It is an OS file lock on a sibling {@code audit.jsonl.lock} file, which
 * is never rotated, so its identity is stable while the log file itself is renamed away.
 *
 * <p>One instance per lock file per JVM: POSIX drops all of a process's locks on a file when
 * any descriptor of it is closed, and file locks do not exclude threads of one process, so the
 * channel is shared and threads queue on a {@link ReentrantLock} first.
 */
final class AuditLock {

    private static final Map<Path, AuditLock> LOCKS = new ConcurrentHashMap<>();
    private static final Object MISSING = new Object();

    private final Path file;
    private final ReentrantLock threads = new ReentrantLock();
    private FileChannel channel;
    private Object identity;

    private AuditLock(Path file) {
        this.file = file;
    }

    /** The lock of the audit log {@code log}. */
    static AuditLock of(Path log) {
        Path lockFile = log.toAbsolutePath().normalize().resolveSibling(log.getFileName() + ".lock");
        return LOCKS.computeIfAbsent(lockFile, AuditLock::new);
    }

    /** Runs {@code action} holding the lock exclusively (a writer) or shared (a reader). */
    <T> T call(Mode mode, IoAction<T> action) throws IOException {
        threads.lock();
        try {
            FileLock held = acquire(mode);
            try {
                return action.run();
            } finally {
                // an interrupt closes the channel, and with it the lock
                if (held.isValid()) {
                    held.release();
                }
            }
        } finally {
            threads.unlock();
        }
    }

    private FileLock acquire(Mode mode) throws IOException {
        while (true) {
            if (channel == null || !channel.isOpen()) {
                AuditFiles.createParent(file);
                channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE), AuditFiles.ownerOnly());
                identity = identity(file);
            }
            FileLock lock = channel.lock(0, Long.MAX_VALUE, mode == Mode.SHARED);
            // someone deleted or replaced the lock file: a lock on the old one excludes no one
            Object current = identity(file);
            if (current != MISSING && Objects.equals(identity, current)) {
                return lock;
            }
            lock.release();
            channel.close();
            channel = null;
        }
    }

    /** The file's inode (device and number), null where the platform has none, {@link #MISSING}. */
    private static Object identity(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        } catch (NoSuchFileException e) {
            return MISSING;
        }
    }

    enum Mode {
        EXCLUSIVE,
        SHARED
    }

    @FunctionalInterface
    interface IoAction<T> {
        T run() throws IOException;
    }
}
