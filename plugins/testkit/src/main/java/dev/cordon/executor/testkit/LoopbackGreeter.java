package dev.cordon.executor.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A server on this machine's loopback that writes one line to every connection: what a sandboxed
 * command must not reach when its network is fenced. A command that reads the line got through.
 */
public final class LoopbackGreeter implements AutoCloseable {

    private final ServerSocket server;

    private LoopbackGreeter(ServerSocket server) {
        this.server = server;
    }

    /** Listens on an ephemeral port of 127.0.0.1 and answers each connection with {@code line} and a newline. */
    public static LoopbackGreeter start(String line) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        byte[] greeting = (line + "\n").getBytes(StandardCharsets.US_ASCII);
        Thread accepting = new Thread(() -> {
            while (true) {
                try (Socket s = server.accept(); OutputStream out = s.getOutputStream()) {
                    out.write(greeting);
                } catch (IOException e) {
                    return; // closed
                }
            }
        }, "loopback-greeter");
        accepting.setDaemon(true);
        accepting.start();
        return new LoopbackGreeter(server);
    }

    public int port() {
        return server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
