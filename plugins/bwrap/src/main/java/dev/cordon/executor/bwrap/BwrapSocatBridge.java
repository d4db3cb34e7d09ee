package dev.cordon.executor.bwrap;

import dev.cordon.linux.ThreadSetup;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The allow-list fence when cordon cannot make a network namespace itself (it does not run as
 * root): bwrap's own namespace, the egress proxy's Unix socket bound in read-only, and socat,
 * started by the init shell before the command, forwarding {@code 127.0.0.1:port} inside to it.
 *
 * <p>The command starts only once socat listens (the init shell watches {@code /proc/net/tcp},
 * which shows the sandbox's own namespace); if socat stops first, the command does not run and the
 * init shell exits with {@link #BRIDGE_FAILED}.
 */
record BwrapSocatBridge(Path hostSocket, Path socat, int port) implements BwrapNetworkFence {

    /** Where the proxy's socket appears inside: on the sandbox's private /tmp, never a host folder. */
    static final Path SOCKET = Path.of("/tmp/.cordon-egress.sock");
    /** The init shell's exit status when the bridge did not come up; the command did not run. */
    static final int BRIDGE_FAILED = 125;
    /** socat's buffer: a download moves in few large reads and writes instead of many 8 KiB ones. */
    static final int BUFFER = 1 << 20;

    /**
     * @throws ExecutorException when there is no socat, or socat or the shell is not visible inside
     */
    static BwrapSocatBridge of(ProxyEndpoint proxy, Optional<Path> socat, BwrapMountPlan plan, BwrapArguments.Init init)
            throws ExecutorException {
        if (socat.isEmpty()) {
            throw new ExecutorException("a network allow-list under bwrap needs socat to reach the egress proxy from"
                    + " the sandbox's own network namespace when cordon does not run as root, and no `socat` is"
                    + " installed; install the `socat` package");
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
            return new BwrapSocatBridge(proxy.socket(), socat.get(), proxy.port());
        } catch (IOException e) {
            throw new ExecutorException("the egress proxy's socket could not be made: " + e.getMessage(), e);
        }
    }

    /** The proxy's socket, read-only (connecting needs no write access). */
    @Override
    public List<String> options() {
        return List.of("--ro-bind", hostSocket.toString(), SOCKET.toString());
    }

    /**
     * Starts the bridge and waits until it listens, yielding the processor between looks (socat
     * needs it to start). The socat program and the socket arrive as the first two positional
     * parameters (see {@link #parameters()}); the script itself holds only numbers.
     */
    @Override
    public String initLines() {
        String listening = String.format(Locale.ROOT, "0100007F:%04X:0A", port);
        return "s=$1 u=$2; shift 2; \"$s\" -b " + BUFFER + " TCP-LISTEN:" + port
                + ",bind=127.0.0.1,reuseaddr,nodelay,fork UNIX-CONNECT:\"$u\" & b=$!; "
                + "l() { while read -r _ a _ t _; do [ \"$a:$t\" = " + listening + " ] && return 0; done"
                + " < /proc/net/tcp; return 1; }; "
                + "until l; do kill -0 $b || { echo 'cordon: the egress bridge (socat) stopped before it listened'"
                + " >&3; exit " + BRIDGE_FAILED + "; }; sleep 0.002; done; ";
    }

    @Override
    public List<String> parameters() {
        return List.of(socat.toString(), SOCKET.toString());
    }

    @Override
    public ThreadSetup setup() {
        return ThreadSetup.NONE;
    }
}
