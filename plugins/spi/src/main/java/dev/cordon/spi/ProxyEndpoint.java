package dev.cordon.spi;

import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;

/**
 * The egress proxy cordon runs for a command whose network is an allow-list: the only way out of
 * the sandbox. The proxy decides every connection by the policy; the executor's job is the fence,
 * so that nothing but the proxy is reachable: a network namespace of the sandbox's own with no
 * route out, where the proxy answers on {@code 127.0.0.1:}{@link #port()} (the proxy variables
 * of the command's environment point there).
 *
 * <p>An executor makes the proxy reachable inside in one of two ways: it binds {@link #socket()}
 * into the sandbox and forwards {@code 127.0.0.1:port} to it, or it creates the listening socket
 * inside the sandbox's namespace itself and hands it over with {@link #serve}.
 */
public interface ProxyEndpoint {

    /** The TCP port on {@code 127.0.0.1} inside the sandbox's network namespace. */
    int port();

    /**
     * The proxy's Unix-domain socket on the host, in a directory only this user can enter; bound
     * on first use and removed when the run ends.
     *
     * @throws IOException when it cannot be bound
     */
    Path socket() throws IOException;

    /**
     * Serves the connections of a listener bound to {@code 127.0.0.1:}{@link #port()} inside the
     * sandbox's network namespace. The proxy owns it from now on and closes it when the run ends.
     *
     * @throws IOException when the proxy cannot take it (it is closed then)
     */
    void serve(ServerSocketChannel listener) throws IOException;
}
