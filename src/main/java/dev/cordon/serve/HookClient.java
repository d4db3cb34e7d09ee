package dev.cordon.serve;

import dev.cordon.hook.HookAnswer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The hook launcher's exchange with the server, in Java: for machines without curl. It speaks to
 * {@link HookSocket} exactly as the launcher does.
 */
public final class HookClient {

    private HookClient() {
    }

    /**
     * The server's answer to an event.
     *
     * @return empty when no server of this build answers (no socket, nobody listening, or one of
     *     another build, which stops); a refusal when the server fails while deciding
     */
    public static Optional<HookAnswer> ask(Path socket, String agent, String stamp, Map<String, String> env,
            byte[] event, Duration timeout) {
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            close(channel);
            return Optional.empty();
        }
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cordon-hook-client");
            thread.setDaemon(true);
            return thread;
        });
        AtomicBoolean late = new AtomicBoolean();
        watchdog.schedule(() -> {
            late.set(true);
            close(channel);
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try (channel) {
            byte[] frame = HookFrame.of(agent, stamp, env, event);
            OutputStream out = Channels.newOutputStream(channel);
            out.write(("POST /v1/hook/" + agent + " HTTP/1.1\r\nHost: cordon\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Length: " + frame.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(frame);
            out.flush();
            return response(Channels.newInputStream(channel));
        } catch (IOException e) {
            return Optional.of(HookAnswer.refusal(late.get() ? "no decision within " + timeout.toSeconds() + " s"
                    : "the decision service stopped while deciding"));
        } finally {
            watchdog.shutdownNow();
        }
    }

    private static Optional<HookAnswer> response(InputStream in) throws IOException {
        String status = line(in);
        long length = -1;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            if (header.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(header.substring(header.indexOf(':') + 1).strip());
            }
        }
        byte[] body = length >= 0 ? in.readNBytes((int) length) : in.readAllBytes();
        if (status.startsWith("HTTP/1.1 409")) {
            return Optional.empty();
        }
        if (!status.startsWith("HTTP/1.1 200")) {
            return Optional.of(HookAnswer.refusal("the decision service answered " + status.substring(Math.min(9,
                    status.length())).strip()));
        }
        return Optional.of(answer(body));
    }

    /** {@code EXIT\nLENGTH\n}, then standard output (LENGTH bytes) and standard error. */
    private static HookAnswer answer(byte[] body) {
        try {
            int first = indexOf(body, 0);
            int second = indexOf(body, first + 1);
            int code = Integer.parseInt(new String(body, 0, first, StandardCharsets.US_ASCII));
            int length = Integer.parseInt(new String(body, first + 1, second - first - 1, StandardCharsets.US_ASCII));
            String out = new String(body, second + 1, length, StandardCharsets.UTF_8);
            String err = new String(body, second + 1 + length, body.length - second - 1 - length, StandardCharsets.UTF_8);
            return new HookAnswer(code, out, err);
        } catch (RuntimeException e) {
            return HookAnswer.refusal("the decision service sent a malformed answer");
        }
    }

    private static int indexOf(byte[] body, int from) {
        for (int i = from; i < body.length; i++) {
            if (body[i] == '\n') {
                return i;
            }
        }
        throw new IllegalArgumentException("no line end");
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the answer ended early");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private static void close(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closed already.
        }
    }
}
