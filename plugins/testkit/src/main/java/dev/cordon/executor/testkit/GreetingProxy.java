package dev.cordon.executor.testkit;

import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for cordon's egress proxy in the executors' network fence tests: it writes
 * {@code proxy} and a newline to every connection, on its Unix socket (the socat bridge's way in)
 * or on a listener it is handed (opened in the sandbox's own namespace), and records which.
 */
public final class GreetingProxy implements ProxyEndpoint, AutoCloseable {
    private final ServerSocketChannel socket;
    private final List<ServerSocketChannel> handed = new CopyOnWriteArrayList<>();
    private final List<String> ways = new CopyOnWriteArrayList<>();

    public GreetingProxy(Path path) throws IOException {
        socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        socket.bind(UnixDomainSocketAddress.of(path));
        greet(socket, "socket");
    }

    private void greet(ServerSocketChannel listener, String way) {
        Thread server = new Thread(() -> {
            while (true) {
                try (SocketChannel client = listener.accept()) {
                    ways.add(way);
                    client.write(ByteBuffer.wrap("proxy\n".getBytes(StandardCharsets.US_ASCII)));
                } catch (IOException e) {
                    return;
                }
            }
        }, "greeting-proxy");
        server.setDaemon(true);
        server.start();
    }

    @Override
    public int port() {
        return 3128;
    }

    @Override
    public Path socket() throws IOException {
        return Path.of(((UnixDomainSocketAddress) socket.getLocalAddress()).getPath().toString());
    }

    @Override
    public void serve(ServerSocketChannel listener) {
        handed.add(listener);
        greet(listener, "listener");
    }

    /** How each connection came in, in order: {@code socket} or {@code listener}. */
    public List<String> ways() {
        return List.copyOf(ways);
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (ServerSocketChannel listener : handed) {
            listener.close();
        }
    }
}
