package dev.cordon.hook;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads the event an agent writes on the hook's standard input. An agent that never closes it
 * must not hold the tool call forever: after the wait the hook refuses.
 */
public final class EventInput {

    /** How long an agent has to write and close the event, unless {@code CORDON_HOOK_STDIN_SECONDS} says. */
    public static final int DEFAULT_SECONDS = 5;
    /** Larger events are refused: they would only come from a runaway tool input. */
    public static final int MAX_BYTES = 32 << 20;

    private EventInput() {
    }

    /** The seconds to wait for the event, from the environment. */
    public static int seconds(Map<String, String> env) {
        String value = env.get("CORDON_HOOK_STDIN_SECONDS");
        try {
            int seconds = value == null ? DEFAULT_SECONDS : Integer.parseInt(value.strip());
            return seconds > 0 ? seconds : DEFAULT_SECONDS;
        } catch (NumberFormatException e) {
            return DEFAULT_SECONDS;
        }
    }

    /**
     * Everything up to end of input.
     *
     * @throws BadEvent when the input does not end within the wait, is too large or cannot be read
     */
    public static byte[] read(InputStream in, Duration wait) {
        CompletableFuture<byte[]> bytes = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                bytes.complete(in.readNBytes(MAX_BYTES + 1));
            } catch (IOException | RuntimeException e) {
                bytes.completeExceptionally(e);
            }
        }, "cordon-hook-stdin");
        // A reader blocked on an input that never ends must not keep the process alive.
        reader.setDaemon(true);
        reader.start();
        try {
            byte[] event = bytes.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            if (event.length > MAX_BYTES) {
                throw new BadEvent("the event is larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            return event;
        } catch (TimeoutException e) {
            throw new BadEvent("standard input did not end within " + wait.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new BadEvent("standard input cannot be read: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadEvent("interrupted while reading standard input");
        }
    }
}
