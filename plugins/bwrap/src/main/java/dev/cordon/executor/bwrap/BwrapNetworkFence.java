package dev.cordon.executor.bwrap;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a network allow-list holds under bwrap. The sandbox gets a network namespace of its own
 * with only loopback, so nothing outside is reachable at all; the egress proxy's Unix socket is
 * bound in read-only, and socat, started by the init shell before the command, forwards
 * {@code 127.0.0.1:port} inside to it. A program that ignores the proxy variables reaches nothing;
 * one that uses them reaches what the proxy's policy allows.
 *
 * <p>The command starts only once socat listens (the init shell watches {@code /proc/net/tcp},
 * which shows the sandbox's own namespace); if socat stops first, the command does not run and the
 * init shell exits with {@link #BRIDGE_FAILED}.
 */
final class BwrapNetworkFence {

    /** Where the proxy's socket appears inside: on the sandbox's private /tmp, never a host folder. */
    static final Path SOCKET = Path.of("/tmp/.cordon-egress.sock");
    /** The init shell's exit status when the bridge did not come up; the command did not run. */
    static final int BRIDGE_FAILED = 125;

    private final Path hostSocket;
    private final Path socat;
    private final int port;

    private BwrapNetworkFence(Path hostSocket, Path socat, int port) {
        this.hostSocket = hostSocket;
        this.socat = socat;
        this.port = port;
    }

    /**
     * The fence for a request's network, or empty when its network is off or open.
     *
     * @param socat the socat program on the host, if any
     * @param plan what the sandbox shows, which must include socat and a shell to start it
     * @throws ExecutorException when an allow-list cannot be fenced here: no proxy, no socat, or
     *     socat or the shell not visible inside
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
        if (socat.isEmpty()) {
            throw new ExecutorException("a network allow-list under bwrap needs socat to reach the egress proxy from"
                    + " the sandbox's own network namespace, and no `socat` is installed; install the `socat` package");
        }
        if (!plan.exposes(socat.get())) {
            throw new ExecutorException("a network allow-list under bwrap runs `" + socat.get() + "` inside the"
                    + " sandbox, and the profile's read roots do not show it");
        }
        if (init != BwrapArguments.Init.SHELL) {
            throw new ExecutorException("a network allow-list under bwrap starts its bridge from `"
                    + BwrapArguments.INIT_SHELL + "`, and the profile's read roots do not show it");
        }
        try {
            return Optional.of(new BwrapNetworkFence(proxy.socket(), socat.get(), proxy.port()));
        } catch (IOException e) {
            throw new ExecutorException("the egress proxy's socket could not be made: " + e.getMessage(), e);
        }
    }

    /** The bwrap options: the proxy's socket, read-only (connecting needs no write access). */
    List<String> options() {
        return List.of("--ro-bind", hostSocket.toString(), SOCKET.toString());
    }

    /**
     * The init shell's lines that start the bridge and wait until it listens. The socat program and
     * the socket arrive as the first two positional parameters (see {@link #parameters()}); the
     * script itself holds only numbers.
     */
    String initLines() {
        String listening = String.format(Locale.ROOT, "0100007F:%04X:0A", port);
        return "s=$1 u=$2; shift 2; \"$s\" -b 65536 TCP-LISTEN:" + port + ",bind=127.0.0.1,reuseaddr,nodelay,fork"
                + " UNIX-CONNECT:\"$u\" & b=$!; "
                + "l() { while read -r _ a _ t _; do [ \"$a:$t\" = " + listening + " ] && return 0; done"
                + " < /proc/net/tcp; return 1; }; "
                + "until l; do kill -0 $b || { echo 'cordon: the egress bridge (socat) stopped before it listened'"
                + " >&3; exit " + BRIDGE_FAILED + "; }; done; ";
    }

    /** The positional parameters {@link #initLines()} reads, in order. */
    List<String> parameters() {
        return List.of(socat.toString(), SOCKET.toString());
    }
}
