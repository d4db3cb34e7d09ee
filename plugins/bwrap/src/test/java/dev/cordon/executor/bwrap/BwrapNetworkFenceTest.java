package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.executor.testkit.LoopbackGreeter;
import dev.cordon.linux.NetworkNamespace;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The allow-list fence on the real kernel, both ways: inside bwrap, {@code 127.0.0.1:3128} leads
 * to the proxy (its listener in the sandbox's namespace as root, else through socat to its Unix
 * socket), and nothing else is reachable, not even a server on this machine's loopback.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BwrapNetworkFenceTest {

    @TempDir
    Path temp;

    private BwrapExecutor executor;
    private Fixture fixture;
    private GreetingProxy proxy;

    @BeforeEach
    void setUp() throws Exception {
        executor = new BwrapExecutor();
        assumeTrue(executor.probe().available(), executor.probe().summary());
        assumeTrue(executor.capabilities().contains(dev.cordon.spi.Capability.NETWORK_ALLOW_LIST), "bwrap cannot fence an allow-list here");
        fixture = Fixture.create(temp);
        proxy = new GreetingProxy(temp.resolve("proxy.sock"));
    }

    @AfterEach
    void tearDown() throws IOException {
        executor.close();
        if (proxy != null) {
            proxy.close();
        }
    }

    /** A stand-in for the egress proxy: it greets every connection, on its Unix socket or a listener it is handed. */
    private static final class GreetingProxy implements ProxyEndpoint, AutoCloseable {
        private final ServerSocketChannel socket;
        private final List<ServerSocketChannel> handed = new CopyOnWriteArrayList<>();
        private final List<String> ways = new CopyOnWriteArrayList<>();

        GreetingProxy(Path path) throws IOException {
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

        @Override
        public void close() throws IOException {
            socket.close();
            for (ServerSocketChannel listener : handed) {
                listener.close();
            }
        }
    }

    @Test
    void asRootTheProxyListensInTheSandboxsOwnNamespace() throws Exception {
        assumeTrue(NetworkNamespace.unavailable().isEmpty(), () -> NetworkNamespace.unavailable().orElse(""));
        assertOnlyTheProxyAnswers();
        assertEquals(List.of("listener"), proxy.ways, "the command did not reach the listener handed over");
    }

    @Test
    void throughSocatTheProxysSocketIsBridgedIn() throws Exception {
        assumeTrue(!executor.probe().facts().get("socat.path").startsWith("("), "no socat here");
        System.setProperty(BwrapNetworkFence.WAY, BwrapNetworkFence.BRIDGE);
        try {
            assertOnlyTheProxyAnswers();
        } finally {
            System.clearProperty(BwrapNetworkFence.WAY);
        }
        assertEquals(List.of("socket"), proxy.ways, "the command did not reach the proxy's socket");
    }

    private void assertOnlyTheProxyAnswers() throws Exception {
        try (LoopbackGreeter host = LoopbackGreeter.start("host")) {
            Confinement confinement = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST,
                    List.of("allowed.test:443"), List.of()).through(proxy), Limits.NONE);
            String script = "use IO::Socket::INET;"
                    + " sub try { my $s = IO::Socket::INET->new(PeerAddr => $_[0], Timeout => 2);"
                    + "   print $s ? scalar(<$s>) : qq(refused: $!\\n) }"
                    + " try(q(127.0.0.1:3128)); try(q(127.0.0.1:" + host.port() + "));"
                    + " try(q(10.255.255.1:3128));";
            ExecResult result = executor.execute(fixture.request(List.of("perl", "-e", script), Duration.ofSeconds(20),
                    confinement), OutputListener.NONE);
            assertEquals("proxy\nrefused: Connection refused\nrefused: Network is unreachable\n", result.stdout(),
                    result::toString);
        }
    }

    @Test
    void aPlanThatHidesSocatIsRefusedBeforeAnythingRuns() throws Exception {
        System.setProperty(BwrapNetworkFence.WAY, BwrapNetworkFence.BRIDGE);
        try {
            refusedWithoutSocat();
        } finally {
            System.clearProperty(BwrapNetworkFence.WAY);
        }
    }

    private void refusedWithoutSocat() throws Exception {
        Path socat = executor.probe().facts().get("socat.path") == null ? null
                : Path.of(executor.probe().facts().get("socat.path"));
        assumeTrue(socat != null && socat.startsWith("/usr"), "socat outside /usr");
        Confinement confinement = new Confinement(fixture.workspace(), List.of(Path.of("/etc")),
                List.of(fixture.workspace()), List.of(), List.of(),
                new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST, List.of("a.test:443"), List.of()).through(proxy),
                Limits.NONE);
        String message = org.junit.jupiter.api.Assertions.assertThrows(dev.cordon.spi.ExecutorException.class,
                () -> executor.execute(fixture.request(List.of("true"), Duration.ofSeconds(5), confinement),
                        OutputListener.NONE)).getMessage();
        assertTrue(message.startsWith("a network allow-list under bwrap runs `" + socat + "`"), message);
    }
}
