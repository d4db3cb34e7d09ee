package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A thread's own network namespace on the real kernel: a listener it opens there is served by a
 * thread outside, yet neither side reaches the other's loopback.
 */
class NetworkNamespaceTest {

    @BeforeAll
    static void needsANetworkNamespace() {
        assumeTrue(Arch.current().isPresent(), "no syscall table here");
        assumeTrue(NetworkNamespace.unavailable().isEmpty(), () -> NetworkNamespace.unavailable().orElse(""));
    }

    @Test
    void aListenerOpenedInsideIsServedFromOutsideAndNothingElseCrosses() throws Exception {
        try (ServerSocketChannel hostListener = ServerSocketChannel.open()) {
            hostListener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int hostPort = ((InetSocketAddress) hostListener.getLocalAddress()).getPort();
            AtomicReference<ServerSocketChannel> inside = new AtomicReference<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<String> reachedHost = new AtomicReference<>("not tried");
            Thread thread = new Thread(() -> {
                try {
                    NetworkNamespace.enter();
                    ServerSocketChannel listener = ServerSocketChannel.open();
                    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), hostPort));
                    inside.set(listener);
                    try (SocketChannel out = SocketChannel.open()) {
                        out.connect(new InetSocketAddress("10.255.255.1", 80));
                        reachedHost.set("connected outside");
                    } catch (IOException e) {
                        reachedHost.set(e.getMessage());
                    }
                    try (SocketChannel client = SocketChannel.open(listener.getLocalAddress())) {
                        client.write(ByteBuffer.wrap(new byte[] {42}));
                    }
                } catch (KernelException | IOException | RuntimeException e) {
                    failure.set(e);
                }
            }, "netns-test");
            thread.start();
            thread.join();
            assertEquals(null, failure.get());
            assertEquals("Network is unreachable", reachedHost.get(), "no route leaves the namespace");
            try (ServerSocketChannel listener = inside.get(); SocketChannel accepted = listener.accept()) {
                ByteBuffer read = ByteBuffer.allocate(1);
                accepted.read(read);
                assertEquals(42, read.get(0), "the client inside reached the listener, served from here");
            }
            // The same port on this side is the host's own listener, not the one inside.
            try (SocketChannel here = SocketChannel.open(hostListener.getLocalAddress())) {
                assertEquals(hostPort, ((InetSocketAddress) here.getRemoteAddress()).getPort());
            }
        }
    }

    @Test
    void theHostLoopbackIsNotReachableFromInside() throws Exception {
        try (ServerSocketChannel hostListener = ServerSocketChannel.open()) {
            hostListener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread thread = new Thread(() -> {
                try {
                    NetworkNamespace.enter();
                    SocketChannel.open(hostListener.getLocalAddress()).close();
                } catch (KernelException | IOException | RuntimeException e) {
                    outcome.set(e);
                }
            }, "netns-test");
            thread.start();
            thread.join();
            assertThrows(ConnectException.class, () -> {
                throw outcome.get();
            });
        }
    }
}
