package dev.cordon.executor.windows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The record of what a run changed on disk, written before each change and forced to disk, so a
 * run that crashed (or a machine that lost power) can be put back by a later one: a placeholder
 * that was (about to be) created, a label with its value before and after. One tab-separated line
 * per change; Windows paths cannot hold tabs or line breaks, and SDDL holds neither. A live run
 * holds a lock on its journal, so a repair never undoes the changes of a run still going; the
 * file is deleted once every change is undone.
 */
final class WindowsLabelJournal implements AutoCloseable {

    static final String HEADER = "cordon-windows-labels 1";
    static final String SUFFIX = ".journal";

    /**
     * One change.
     *
     * @param kind a placeholder or a label
     * @param path canonical path
     * @param before the label before (labels only; {@code ""} for none)
     * @param after the label set (labels only)
     */
    record Entry(Kind kind, String path, String before, String after) {

        enum Kind { PLACEHOLDER, LABEL }

        String line() {
            return kind == Kind.PLACEHOLDER ? "placeholder\t" + path : "label\t" + path + "\t" + before + "\t" + after;
        }
    }

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private WindowsLabelJournal(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** A new journal for one run in {@code directory}, locked until closed. */
    static WindowsLabelJournal create(Path directory, String runId) throws IOException {
        Files.createDirectories(directory);
        String safe = runId.replaceAll("[^A-Za-z0-9_.-]", "-");
        Path file = Files.createTempFile(directory, (safe.length() > 40 ? safe.substring(0, 40) : safe) + "-", SUFFIX);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        WindowsLabelJournal journal = new WindowsLabelJournal(file, channel, channel.lock());
        journal.append(HEADER);
        return journal;
    }

    /** Opens a journal no live run holds, or empty when one does. */
    static Optional<WindowsLabelJournal> claim(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            return Optional.empty();
        }
        return Optional.of(new WindowsLabelJournal(file, channel, lock));
    }

    Path file() {
        return file;
    }

    void record(Entry entry) throws IOException {
        append(entry.line());
    }

    /** The changes recorded, in the order they were made. */
    List<Entry> entries() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
        channel.read(buffer, 0);
        List<String> lines = new String(buffer.array(), StandardCharsets.UTF_8).lines().toList();
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new IOException(file + ":1: not a label journal");
        }
        boolean complete = new String(buffer.array(), StandardCharsets.UTF_8).endsWith("\n");
        List<Entry> entries = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] fields = lines.get(i).split("\t", -1);
            if (i == lines.size() - 1 && !complete) {
                // A line cut short by a crash: its change was never made.
                break;
            }
            if (fields[0].equals("placeholder") && fields.length == 2) {
                entries.add(new Entry(Entry.Kind.PLACEHOLDER, fields[1], "", ""));
            } else if (fields[0].equals("label") && fields.length == 4) {
                entries.add(new Entry(Entry.Kind.LABEL, fields[1], fields[2], fields[3]));
            } else {
                throw new IOException(file + ":" + (i + 1) + ": malformed journal line");
            }
        }
        return entries;
    }

    /** Releases the lock and deletes the file: everything in it was undone. */
    void delete() throws IOException {
        close();
        Files.deleteIfExists(file);
    }

    /** Releases the lock; the file stays for a later repair. */
    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            lock.release();
            channel.close();
        }
    }

    /** Journals in {@code directory}, live or left by unfinished runs. */
    static List<Path> all(Path directory) throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return found;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            entries.forEach(found::add);
        }
        found.sort(null);
        return found;
    }

    private void append(String line) throws IOException {
        channel.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)), channel.size());
        channel.force(true);
    }
}
