package dev.cordon.executor.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Finds processes from outside any sandbox by a unique marker in their command line, so a
 * process in another PID namespace is found too. The marker is a sleep duration such as
 * {@code 3000.482913}: unique per test, harmless, and accepted by every {@code sleep}.
 */
public final class Survivors {

    private static final Path PROC = Path.of("/proc");

    private final String marker;

    private Survivors(String marker) {
        this.marker = marker;
    }

    public static Survivors newMarker() {
        return new Survivors("3000." + (100000 + ThreadLocalRandom.current().nextInt(900000)));
    }

    /** The argument to give {@code sleep}. */
    public String sleepArgument() {
        return marker;
    }

    /** Pids of running (not zombie) processes whose command line holds the marker. */
    public List<Long> running() {
        List<Long> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path entry : entries) {
                if (holdsMarker(entry) && !zombie(entry)) {
                    found.add(Long.parseLong(entry.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return found;
    }

    /** Waits up to {@code millis} for the marked processes to be gone; returns those still there. */
    public List<Long> awaitGone(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        List<Long> left = running();
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
            left = running();
        }
        return left;
    }

    /** Kills whatever a failed test left behind so that it does not outlive the test. */
    public void killLeftovers() {
        for (long pid : running()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private boolean holdsMarker(Path entry) {
        try {
            byte[] cmdline = Files.readAllBytes(entry.resolve("cmdline"));
            return new String(cmdline, StandardCharsets.UTF_8).contains(marker);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean zombie(Path entry) {
        try {
            String stat = Files.readString(entry.resolve("stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}
