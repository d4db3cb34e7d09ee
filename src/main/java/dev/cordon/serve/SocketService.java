package dev.cordon.serve;

import dev.cordon.hook.HookRun;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;

/**
 * The runtime folder, held: one service per user and folder. The lock lives as long as the
 * process, so a service that dies leaves no lock behind; its socket file, left behind, is
 * replaced by the next one.
 */
public final class SocketService implements AutoCloseable {

    private final RuntimeDir dir;
    private final UserPrincipal owner;
    private final FileChannel lockFile;
    private final FileLock lock;
    private final Activity activity = new Activity();
    private HookSocket socket;

    private SocketService(RuntimeDir dir, UserPrincipal owner, FileChannel lockFile, FileLock lock) {
        this.dir = dir;
        this.owner = owner;
        this.lockFile = lockFile;
        this.lock = lock;
    }

    /**
     * Takes the folder for this process.
     *
     * @return empty when another service holds it
     * @throws IOException when the folder cannot be made safe (see {@link RuntimeDir#secure})
     */
    public static Optional<SocketService> claim(RuntimeDir dir) throws IOException {
        UserPrincipal owner = RuntimeDir.currentUser();
        dir.secure(owner);
        FileChannel channel = FileChannel.open(dir.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
            return Optional.empty();
        }
        Files.writeString(dir.pid(), ProcessHandle.current().pid() + "\n", StandardCharsets.US_ASCII);
        // Whoever held the lock before is gone: a socket left behind is dead. Removed at once, so a
        // launcher waiting for this server sees a socket only once this one listens.
        Files.deleteIfExists(dir.socket());
        return Optional.of(new SocketService(dir, owner, channel, lock));
    }

    /** The process that holds the folder, if one does. */
    public static Optional<ProcessHandle> holder(RuntimeDir dir) {
        try {
            long pid = Long.parseLong(Files.readString(dir.pid(), StandardCharsets.US_ASCII).strip());
            return ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains("dev.cordon.cli.Main"));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Starts answering hooks on the socket. */
    public void listen(HookRun hooks, String stamp, Runnable stop) throws IOException {
        socket = new HookSocket(dir, owner, hooks, stamp, activity, stop);
        socket.start();
    }

    /** Marks a request answered on another listener. */
    public void touch() {
        activity.touch();
    }

    /** Milliseconds since the last request on any listener. */
    public long idleMillis() {
        return activity.idleMillis();
    }

    public Path socketPath() {
        return dir.socket();
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.close();
        }
        try {
            Files.deleteIfExists(dir.pid());
            lock.release();
            lockFile.close();
        } catch (IOException e) {
            // The lock goes with the process anyway.
        }
    }
}
