package dev.cordon.serve;

import dev.cordon.hook.Adapters;
import dev.cordon.hook.HookAdapter;
import dev.cordon.hook.HookAnswer;
import dev.cordon.hook.HookRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.UserPrincipal;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The service's second listener: HTTP/1.1 over a Unix domain socket in the user's 0700 runtime
 * folder, for the hook launcher ({@code curl --unix-socket}). Only the socket's owner is answered:
 * the peer's credentials ({@code SO_PEERCRED}) are checked on every connection. One request per
 * connection; a body with a {@code Content-Length}, as curl sends it.
 *
 * <p>{@code POST /v1/hook/AGENT} takes a {@link HookFrame} and answers {@code EXIT\nLENGTH\n}, then
 * the hook's standard output (LENGTH bytes) and its standard error: all the launcher needs to
 * print and exit, parsed with shell builtins. A caller of another build gets 409, and the service
 * stops so that the caller starts one of its own build. {@code GET /v1/health} answers the stamp.
 */
public final class HookSocket implements AutoCloseable {

    /** The first line a caller that speaks the raw frame gets, before anything else. */
    static final String GREETING = HookFrame.MAGIC + "\n";
    private static final int MAX_HEAD = 16 << 10;
    private static final int MAX_BODY = 64 << 20;
    /** A connection that has not sent its request by then is closed. */
    private static final int REQUEST_SECONDS = 60;

    private final RuntimeDir dir;
    private final UserPrincipal owner;
    private final HookRun hooks;
    private final String stamp;
    private final Activity activity;
    private final Runnable stop;
    private final ExecutorService threads =
            Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2));
    private final ScheduledThreadPoolExecutor watchdog = watchdog();
    private ServerSocketChannel server;
    private Object boundKey;

    /**
     * @param owner the only user answered
     * @param stamp this build's stamp; a caller with another is told to start its own service
     * @param stop stops the whole service
     */
    HookSocket(RuntimeDir dir, UserPrincipal owner, HookRun hooks, String stamp, Activity activity, Runnable stop) {
        this.dir = dir;
        this.owner = owner;
        this.hooks = hooks;
        this.stamp = stamp;
        this.activity = activity;
        this.stop = stop;
    }

    /** Closes connections that overstay; a cancelled deadline leaves its queue at once, not 60 s later. */
    private static ScheduledThreadPoolExecutor watchdog() {
        ScheduledThreadPoolExecutor watchdog = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "cordon-hook-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        watchdog.setRemoveOnCancelPolicy(true);
        return watchdog;
    }

    /**
     * Binds under a name of its own and renames it into place, so that a launcher never connects
     * to a socket that is not listening yet.
     */
    void start() throws IOException {
        Path socket = dir.socket();
        Path fresh = dir.dir().resolve("hook.sock." + ProcessHandle.current().pid());
        Files.deleteIfExists(fresh);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(fresh), 64);
        Files.move(fresh, socket, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        boundKey = Files.readAttributes(socket, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        Thread acceptor = new Thread(this::accept, "cordon-hook-socket");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept() {
        while (server.isOpen()) {
            try {
                SocketChannel client = server.accept();
                threads.execute(() -> serve(client));
            } catch (IOException | java.util.concurrent.RejectedExecutionException e) {
                if (!server.isOpen()) {
                    return;
                }
            }
        }
    }

    private void serve(SocketChannel client) {
        ScheduledFuture<?> deadline = watchdog.schedule(() -> closeQuietly(client), REQUEST_SECONDS, TimeUnit.SECONDS);
        try (client) {
            InputStream in = new java.io.BufferedInputStream(Channels.newInputStream(client));
            in.mark(1);
            boolean raw = in.read() == HookFrame.MAGIC.charAt(0);
            in.reset();
            Reply reply;
            if (raw) {
                // Said at once, so a caller can tell a server that died deciding from none at all.
                write(client, GREETING);
                byte[] body = in.readNBytes(MAX_BODY + 1);
                reply = body.length > MAX_BODY ? new Reply(400, "the frame is larger than " + MAX_BODY + " bytes\n")
                        : hook(client, null, body);
                write(client, reply.status() + "\n" + reply.text());
            } else {
                Request request = Request.read(in);
                // Read first, refuse then: a caller still writing would see a broken pipe, not the refusal.
                byte[] body = request.body(in);
                reply = http(client, request, body);
                respond(client, reply.status(), reply.text());
            }
            if (reply.status() == 409) {
                new Thread(stop, "cordon-serve-stop").start();
            }
        } catch (IllegalArgumentException e) {
            respondQuietly(client, 400, e.getMessage() + "\n");
        } catch (IOException e) {
            // The caller went away or sent nothing usable in time: its launcher refuses the call.
        } finally {
            deadline.cancel(false);
        }
    }

    /** A status and what goes with it. */
    private record Reply(int status, String text) {
    }

    private Reply http(SocketChannel client, Request request, byte[] body) throws IOException {
        if (request.method.equals("GET") && request.path.equals("/v1/health")) {
            return peerIsOwner(client) ? new Reply(200, "ok " + stamp + "\n") : forbidden();
        }
        if (!request.method.equals("POST") || !request.path.startsWith("/v1/hook/")) {
            return new Reply(404, "unknown endpoint " + request.method + " " + request.path + "\n");
        }
        return hook(client, request.path.substring("/v1/hook/".length()), body);
    }

    /**
     * Answers a frame: its agent (that of the URL, when it came over HTTP), the caller's build, the
     * event.
     */
    private Reply hook(SocketChannel client, String agent, byte[] body) throws IOException {
        if (!peerIsOwner(client)) {
            return forbidden();
        }
        activity.touch();
        HookFrame frame;
        try {
            frame = HookFrame.parse(body);
        } catch (IllegalArgumentException e) {
            return new Reply(400, e.getMessage() + "\n");
        }
        HookAdapter adapter = Adapters.of(frame.agent());
        if (adapter == null || agent != null && !agent.equals(frame.agent())) {
            return new Reply(404, "no hook for agent `" + frame.agent() + "`\n");
        }
        if (!frame.stamp().equals(stamp)) {
            return new Reply(409, "this service is " + stamp + ", the caller " + frame.stamp() + "\n");
        }
        HookAnswer answer = hooks.answer(adapter, frame.event(), frame.env());
        activity.touch();
        byte[] out = answer.stdout().getBytes(StandardCharsets.UTF_8);
        return new Reply(200, answer.exitCode() + "\n" + out.length + "\n" + answer.stdout() + answer.stderr());
    }

    private boolean peerIsOwner(SocketChannel client) throws IOException {
        UnixDomainPrincipal peer = client.getOption(ExtendedSocketOptions.SO_PEERCRED);
        return owner.equals(peer.user());
    }

    private Reply forbidden() {
        return new Reply(403, "this socket answers only " + owner.getName() + "\n");
    }

    /** A request line, its headers and the length of its body. */
    private record Request(String method, String path, long length) {

        static Request read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("the request ended in its head");
                }
                head.write(b);
                if (head.size() > MAX_HEAD) {
                    throw new IllegalArgumentException("the request head is larger than " + MAX_HEAD + " bytes");
                }
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            }
            String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
            String[] requestLine = lines[0].split(" ");
            if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
                throw new IllegalArgumentException("not an HTTP/1.1 request");
            }
            Map<String, String> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).strip());
                }
            }
            if (headers.containsKey("transfer-encoding")) {
                throw new IllegalArgumentException("send the body with a Content-Length");
            }
            long length = 0;
            try {
                length = Long.parseLong(headers.getOrDefault("content-length", "0"));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Content-Length is not a number");
            }
            if (length < 0 || length > MAX_BODY) {
                throw new IllegalArgumentException("the body is larger than " + MAX_BODY + " bytes");
            }
            return new Request(requestLine[0], requestLine[1], length);
        }

        byte[] body(InputStream in) throws IOException {
            byte[] body = in.readNBytes((int) length);
            if (body.length < length) {
                throw new IOException("the body ended early");
            }
            return body;
        }
    }

    private static void write(SocketChannel client, String text) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (buffer.hasRemaining()) {
            client.write(buffer);
        }
    }

    private static void respond(SocketChannel client, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        ByteBuffer buffer = ByteBuffer.allocate(head.length() + bytes.length);
        buffer.put(head.getBytes(StandardCharsets.ISO_8859_1)).put(bytes).flip();
        while (buffer.hasRemaining()) {
            client.write(buffer);
        }
    }

    private static void respondQuietly(SocketChannel client, int status, String body) {
        try {
            respond(client, status, body);
        } catch (IOException e) {
            // The caller is gone.
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 409 -> "Conflict";
            default -> "Error";
        };
    }

    private static void closeQuietly(SocketChannel client) {
        try {
            client.close();
        } catch (IOException e) {
            // Already closed.
        }
    }

    /** Stops listening and removes the socket, unless another service has put its own there since. */
    @Override
    public void close() {
        try {
            if (server != null) {
                server.close();
                Path socket = dir.socket();
                if (boundKey != null && Files.exists(socket) && boundKey.equals(
                        Files.readAttributes(socket, java.nio.file.attribute.BasicFileAttributes.class).fileKey())) {
                    Files.delete(socket);
                }
            }
        } catch (IOException e) {
            // A socket left behind only makes the next launcher start a new service.
        }
        threads.shutdownNow();
        watchdog.shutdownNow();
    }
}
