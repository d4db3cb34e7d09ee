package dev.cordon.executor.landlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The allow-list fence on the real kernel: the command reaches the proxy's listener, opened in its
 * own network namespace and served from this JVM, and nothing else, not even a server on this
 * machine's loopback.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LandlockNetworkFenceTest {

    @TempDir
    Path temp;

    private LandlockExecutor executor;
    private Fixture fixture;
    private GreetingProxy proxy;

    @BeforeEach
    void setUp() throws Exception {
        executor = new LandlockExecutor();
        assumeTrue(executor.probe().available(), executor.probe().summary());
        assumeTrue(NetworkNamespace.unavailable().isEmpty(), () -> NetworkNamespace.unavailable().orElse(""));
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
    void theCommandReachesTheProxyAndNothingElse() throws Exception {
        try (LoopbackGreeter host = LoopbackGreeter.start("host")) {
            Confinement confinement = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST,
                    List.of("allowed.test:443"), List.of()).through(proxy), Limits.NONE);
            String script = "use IO::Socket::INET;"
                    + " sub try { my $s = IO::Socket::INET->new(PeerAddr => $_[0], Timeout => 2);"
                    + "   print $s ? scalar(<$s>) : qq(refused: $!\\n) }"
                    + " try(q(127.0.0.1:3128)); try(q(127.0.0.1:" + host.port() + "));"
                    + " try(q(10.255.255.1:3128));"
                    + " print IO::Socket::INET->new(LocalAddr => q(127.0.0.1:3129), Listen => 1) ? qq(bound\\n)"
                    + "   : qq(no bind: $!\\n);";
            ExecResult result = executor.execute(fixture.request(List.of("perl", "-e", script), Duration.ofSeconds(20),
                    confinement), OutputListener.NONE);
            // The proxy's port answers; another port is refused by Landlock; another host on the
            // proxy's own port, which Landlock would let through, has no route out of the namespace.
            assertEquals("proxy\nrefused: Permission denied\nrefused: Network is unreachable\n"
                    + "no bind: Permission denied\n", result.stdout(), result::toString);
        }
    }
}
