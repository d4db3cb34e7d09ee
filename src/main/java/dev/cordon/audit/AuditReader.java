package dev.cordon.audit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads the audit log and its rotated files, oldest first. Takes a consistent snapshot: under
 * the log's shared lock it opens every file and notes its size, then reads without the lock, so
 * neither a rotation nor a line being appended meanwhile is seen half-done. Lines that are not a
 * complete event (a writer killed mid-line) are skipped and reported.
 */
public final class AuditReader {

    private final Path file;

    public AuditReader(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    /** The last {@code count} events. */
    public AuditRead tail(int count) throws IOException {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        return read(event -> true, count);
    }

    /** The violations (see {@link AuditEvent#isViolation()}) in the {@code window} before {@code now}. */
    public AuditRead violationsSince(Duration window, Instant now) throws IOException {
        Instant from = now.minus(window);
        return read(event -> event.isViolation() && !event.time().isBefore(from), Integer.MAX_VALUE);
    }

    /** The last {@code max} events that {@code keep} accepts. */
    public AuditRead read(Predicate<AuditEvent> keep, int max) throws IOException {
        List<Snapshot> files = snapshot();
        Deque<AuditEntry> entries = new ArrayDeque<>();
        List<SkippedLine> skipped = new ArrayList<>();
        try {
            for (Snapshot snapshot : files) {
                readFile(snapshot, keep, max, entries, skipped);
            }
        } finally {
            for (Snapshot snapshot : files) {
                snapshot.channel().close();
            }
        }
        return new AuditRead(new ArrayList<>(entries), skipped);
    }

    private void readFile(Snapshot snapshot, Predicate<AuditEvent> keep, int max, Deque<AuditEntry> entries,
            List<SkippedLine> skipped) throws IOException {
        InputStream bytes = new BoundedInputStream(Channels.newInputStream(snapshot.channel()), snapshot.size());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(bytes, StandardCharsets.UTF_8))) {
            long number = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                AuditEvent event;
                try {
                    event = AuditJson.read(line);
                } catch (IllegalArgumentException e) {
                    skipped.add(new SkippedLine(snapshot.path().toString(), number, e.getMessage()));
                    continue;
                }
                if (keep.test(event)) {
                    entries.addLast(new AuditEntry(event, line));
                    if (entries.size() > max) {
                        entries.removeFirst();
                    }
                }
            }
        }
    }

    /** Opens every file of the log under the shared lock and notes how much of it is complete. */
    private List<Snapshot> snapshot() throws IOException {
        if (AuditFiles.oldestFirst(file).isEmpty()) {
            return List.of();
        }
        return AuditLock.of(file).call(AuditLock.Mode.SHARED, () -> {
            List<Snapshot> open = new ArrayList<>();
            try {
                for (Path path : AuditFiles.oldestFirst(file)) {
                    try {
                        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
                        open.add(new Snapshot(path, channel, channel.size()));
                    } catch (NoSuchFileException e) {
                        // removed by hand between listing and opening: nothing to read
                    }
                }
                return open;
            } catch (IOException e) {
                for (Snapshot snapshot : open) {
                    snapshot.channel().close();
                }
                throw e;
            }
        });
    }

    private record Snapshot(Path path, FileChannel channel, long size) {
    }

    /** Stops after {@code limit} bytes: what was appended after the snapshot is not read. */
    private static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInputStream(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
