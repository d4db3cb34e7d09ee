package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.profile.Profile;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Many tunnels at once, then closing the proxy under them: every tunnel completes or is refused
 * cleanly, closing ends every tunnel, and no thread or descriptor of the proxy is left behind.
 */
class EgressLoadTest {

    private static final int TUNNELS = 200;

    private static final TestServers servers = TestServers.shared();

    @Test
    void twoHundredConcurrentTunnelsThenCloseLeavesNothingBehind() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(TUNNELS);
        try {
            // A first round loads every class and opens the JDK's own lazily opened files.
            round(clients, 10, 10);
            long threadsBefore = proxyThreads();
            int descriptorsBefore = descriptors();

            round(clients, TUNNELS, 1024);
            round(clients, TUNNELS, 50);

            assertEquals(threadsBefore, proxyThreads(), "proxy threads left: " + threadNames());
            assertEquals(0, proxyThreads());
            // Other tests in this JVM may close a file of their own meanwhile, never open one here:
            // fewer descriptors after is no leak, more is.
            int descriptorsAfter = descriptors();
            assertTrue(descriptorsAfter <= descriptorsBefore,
                    "descriptors left: " + descriptorsBefore + " before, " + descriptorsAfter + " after");
        } finally {
            clients.shutdownNow();
            clients.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Opens {@code tunnels} tunnels at once through a proxy that admits {@code cap} connections;
     * each makes one request, then the proxy is closed while half of them still hold their tunnel.
     */
    private static void round(ExecutorService clients, int tunnels, int cap) throws Exception {
        EgressProxy proxy = EgressProxy.start(
                EgressFixture.policy(EgressFixture.profile(Profile.Mode.STANDARD, EgressFixture.allowing(servers))),
                EgressFixture.resolver(new ArrayList<>()), ProxySettings.DEFAULT.withMaxConnections(cap));
        int port = ProxyClient.listen(proxy);
        List<Socket> held = new ArrayList<>();
        List<Future<Outcome>> done = new ArrayList<>();
        for (int i = 0; i < tunnels; i++) {
            boolean hold = i % 2 == 0;
            done.add(clients.submit(tunnel(port, hold, held)));
        }
        int completed = 0;
        int refused = 0;
        for (Future<Outcome> f : done) {
            switch (f.get(60, TimeUnit.SECONDS)) {
                case COMPLETED -> completed++;
                case REFUSED -> refused++;
            }
        }
        assertEquals(tunnels, completed + refused);
        if (cap >= tunnels) {
            assertEquals(tunnels, completed, "with room for all, all complete");
        } else {
            assertTrue(completed >= cap / 2, "completed " + completed + " with a cap of " + cap);
        }
        proxy.close();
        synchronized (held) {
            for (Socket socket : held) {
                assertEquals(-1, socket.getInputStream().read(), "closing the proxy ends the tunnel");
                socket.close();
            }
        }
    }

    private enum Outcome { COMPLETED, REFUSED }

    private static Callable<Outcome> tunnel(int port, boolean hold, List<Socket> held) {
        return () -> {
            Socket socket = ProxyClient.open(port);
            try {
                String head = ProxyClient.connect(socket, "allowed.test:" + servers.httpPort());
                if (!head.startsWith("HTTP/1.1 200 ")) {
                    // Past the cap the proxy closes at once: no answer at all is a clean refusal.
                    assertEquals("", head);
                    socket.close();
                    return Outcome.REFUSED;
                }
                ProxyClient.send(socket, "GET /hello HTTP/1.1\r\nHost: allowed.test\r\n\r\n");
                String response = ProxyClient.head(socket.getInputStream());
                assertTrue(response.startsWith("HTTP/1.1 200"), response);
                socket.getInputStream().readNBytes(TestServers.HELLO.length());
                if (hold) {
                    synchronized (held) {
                        held.add(socket);
                    }
                } else {
                    socket.close();
                }
                return Outcome.COMPLETED;
            } catch (IOException e) {
                socket.close();
                return Outcome.REFUSED;
            }
        };
    }

    private static long proxyThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("cordon-egress")).count();
    }

    private static List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
    }

    private static int descriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.count();
        }
    }
}
