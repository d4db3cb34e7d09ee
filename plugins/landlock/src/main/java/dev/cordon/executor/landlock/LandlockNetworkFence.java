package dev.cordon.executor.landlock;

import dev.cordon.linux.KernelException;
import dev.cordon.linux.NetworkNamespace;
import dev.cordon.linux.ProxyNamespace;
import dev.cordon.linux.ThreadSetup;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.ProxyEndpoint;
import java.util.Optional;

/**
 * How a network allow-list holds under landlock. Landlock filters TCP by port only and seccomp
 * cannot read the address a program connects to, so another host on the proxy's port would stay
 * reachable with them alone. The spawning thread therefore moves into a network namespace of its
 * own first, where the egress proxy listens ({@link ProxyNamespace}): no bridge process. The
 * Landlock rules then allow TCP connect to that port only and no bind, and
 * seccomp refuses every socket family but IP and netlink (vsock and packet sockets are not held
 * by a network namespace; unix sockets reach host services).
 *
 * <p>Making the namespace needs {@code CAP_SYS_ADMIN}; without it the run is refused.
 */
final class LandlockNetworkFence implements ThreadSetup {

    private final ProxyEndpoint proxy;

    private LandlockNetworkFence(ProxyEndpoint proxy) {
        this.proxy = proxy;
    }

    /**
     * The fence for a request's network, or empty when its network is off or open.
     *
     * @throws ExecutorException when an allow-list cannot be fenced here
     */
    static Optional<LandlockNetworkFence> of(NetworkPolicy network) throws ExecutorException {
        if (network.mode() != NetworkPolicy.Mode.ALLOW_LIST) {
            return Optional.empty();
        }
        if (network.proxy() == null) {
            throw new ExecutorException("a network allow-list needs cordon's egress proxy, and none was started for"
                    + " this run");
        }
        Optional<String> problem = NetworkNamespace.unavailable();
        if (problem.isPresent()) {
            throw new ExecutorException("landlock cannot enforce a network allow-list here: " + problem.get()
                    + "; run as root, or use the bwrap executor");
        }
        return Optional.of(new LandlockNetworkFence(network.proxy()));
    }

    /** The one port the command may connect to. */
    int port() {
        return proxy.port();
    }

    /** On the spawning thread, while it still has its capabilities and before any Landlock rule. */
    @Override
    public void apply() throws KernelException {
        new ProxyNamespace(proxy).apply();
    }
}
