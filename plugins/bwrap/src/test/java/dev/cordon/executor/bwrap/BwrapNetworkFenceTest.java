package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The allow-list fence on the real kernel: inside bwrap, {@code 127.0.0.1:3128} leads through
 * socat to the proxy's Unix socket, and nothing else is reachable, not even a server on this
 * machine's loopback.
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
        assumeTrue(executor.capabilities().contains(dev.cordon.spi.Capability.NETWORK_ALLOW_LIST), "no socat here");
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

    /** A stand-in for the egress proxy: it greets every connection on its Unix socket. */
    private static final class GreetingProxy implements ProxyEndpoint, AutoCloseable {
        private final ServerSocketChannel listener;

        GreetingProxy(Path socket) throws IOException {
            listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            listener.bind(UnixDomainSocketAddress.of(socket));
            Thread server = new Thread(() -> {
                while (true) {
                    try (SocketChannel client = listener.accept()) {
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
            return Path.of(((UnixDomainSocketAddress) listener.getLocalAddress()).getPath().toString());
        }

        @Override
        public void serve(ServerSocketChannel handed) {
            throw new UnsupportedOperationException("bwrap binds the socket in");
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }

    @Test
    void theCommandReachesTheProxyAndNothingElse() throws Exception {
        try (ServerSocket host = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepting = new Thread(() -> {
                while (true) {
                    try (Socket s = host.accept(); OutputStream out = s.getOutputStream()) {
                        out.write("host\n".getBytes(StandardCharsets.US_ASCII));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            accepting.setDaemon(true);
            accepting.start();
            Confinement confinement = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST,
                    List.of("allowed.test:443"), List.of()).through(proxy), Limits.NONE);
            String script = "use IO::Socket::INET;"
                    + " sub try { my $s = IO::Socket::INET->new(PeerAddr => $_[0], Timeout => 2);"
                    + "   print $s ? scalar(<$s>) : qq(refused: $!\\n) }"
                    + " try(q(127.0.0.1:3128)); try(q(127.0.0.1:" + host.getLocalPort() + "));"
                    + " try(q(10.255.255.1:3128));";
            ExecResult result = executor.execute(fixture.request(List.of("perl", "-e", script), Duration.ofSeconds(20),
                    confinement), OutputListener.NONE);
            assertEquals("proxy\nrefused: Connection refused\nrefused: Network is unreachable\n", result.stdout(),
                    result::toString);
        }
    }

    @Test
    void aPlanThatHidesSocatIsRefusedBeforeAnythingRuns() throws Exception {
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
