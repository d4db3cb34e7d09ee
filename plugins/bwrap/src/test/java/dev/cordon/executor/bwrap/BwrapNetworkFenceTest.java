package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.executor.testkit.GreetingProxy;
import dev.cordon.executor.testkit.LoopbackGreeter;
import dev.cordon.linux.NetworkNamespace;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import java.io.IOException;
import java.net.Socket;
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

    @Test
    void asRootTheProxyListensInTheSandboxsOwnNamespace() throws Exception {
        assumeTrue(NetworkNamespace.unavailable().isEmpty(), () -> NetworkNamespace.unavailable().orElse(""));
        assertOnlyTheProxyAnswers();
        assertEquals(List.of("listener"), proxy.ways(), "the command did not reach the listener handed over");
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
        assertEquals(List.of("socket"), proxy.ways(), "the command did not reach the proxy's socket");
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
