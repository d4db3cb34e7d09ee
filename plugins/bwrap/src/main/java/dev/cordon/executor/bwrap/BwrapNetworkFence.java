package dev.cordon.executor.bwrap;

import dev.cordon.linux.NetworkNamespace;
import dev.cordon.linux.ProxyNamespace;
import dev.cordon.linux.ThreadSetup;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.ProxyEndpoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How a network allow-list holds under bwrap: the sandbox has a network namespace of its own with
 * only loopback, so nothing outside is reachable at all, and the egress proxy answers on
 * {@code 127.0.0.1:port} inside. Two ways to get it there:
 *
 * <ul>
 *   <li>{@link ProxyNamespace}, when cordon may make network namespaces ({@code CAP_SYS_ADMIN}): the
 *       thread that starts bwrap makes the namespace, the proxy listens in it, and bwrap shares it
 *       instead of making its own. Nothing runs between the command and the proxy.
 *   <li>{@link BwrapSocatBridge} otherwise: bwrap makes the namespace, the proxy's Unix socket is
 *       bound in, and socat, started by the init shell before the command, forwards the port to it.
 * </ul>
 */
sealed interface BwrapNetworkFence permits BwrapNetworkFence.Shared, BwrapSocatBridge {

    /** {@code -Dcordon.bwrap.egress=socat} takes the bridge even where a namespace could be made. */
    String WAY = "cordon.bwrap.egress";
    String BRIDGE = "socat";

    /**
     * The fence for a request's network, or empty when its network is off or open.
     *
     * @param socat the socat program on the host, if any
     * @param plan what the sandbox shows, which must include socat and a shell to start it when
     *     socat is needed
     * @throws ExecutorException when an allow-list cannot be fenced here: no proxy, or neither a
     *     namespace of cordon's own nor a usable socat
     */
    static Optional<BwrapNetworkFence> of(NetworkPolicy network, Optional<Path> socat, BwrapMountPlan plan,
            BwrapArguments.Init init) throws ExecutorException {
        if (network.mode() != NetworkPolicy.Mode.ALLOW_LIST) {
            return Optional.empty();
        }
        ProxyEndpoint proxy = network.proxy();
        if (proxy == null) {
            throw new ExecutorException("a network allow-list needs cordon's egress proxy, and none was started for"
                    + " this run");
        }
        if (NetworkNamespace.unavailable().isEmpty() && !BRIDGE.equals(System.getProperty(WAY))) {
            return Optional.of(new Shared(proxy));
        }
        return Optional.of(BwrapSocatBridge.of(proxy, socat, plan, init));
    }

    /** Whether cordon can fence an allow-list under bwrap on this host. */
    static boolean possible(Optional<Path> socat) {
        return NetworkNamespace.unavailable().isEmpty() || socat.isPresent();
    }

    /** The bwrap options it adds. */
    List<String> options();

    /** The init shell's lines that must run before the command (none, or starting the bridge). */
    String initLines();

    /** The positional parameters {@link #initLines()} reads, in order. */
    List<String> parameters();

    /** What the thread that starts bwrap does first. */
    ThreadSetup setup();

    /** bwrap shares the namespace the starting thread made, where the proxy already listens. */
    record Shared(ProxyEndpoint proxy) implements BwrapNetworkFence {

        @Override
        public List<String> options() {
            return List.of("--share-net");
        }

        @Override
        public String initLines() {
            return "";
        }

        @Override
        public List<String> parameters() {
            return List.of();
        }

        @Override
        public ThreadSetup setup() {
            return new ProxyNamespace(proxy);
        }
    }
}
