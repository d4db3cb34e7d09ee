package dev.cordon.linux;

import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;

/**
 * The egress proxy as the only way out: the spawning thread moves into a network namespace of its
 * own (only loopback, no route out), opens a listener there on {@code 127.0.0.1:port} and hands it
 * to the proxy, which serves it from the JVM's own threads. The child the thread starts lives in
 * that namespace, so the proxy is all it can reach, with no bridge process in between.
 *
 * <p>Making the namespace needs {@code CAP_SYS_ADMIN} ({@link NetworkNamespace#unavailable()}).
 */
public final class ProxyNamespace implements ThreadSetup {

    private final ProxyEndpoint proxy;

    public ProxyNamespace(ProxyEndpoint proxy) {
        this.proxy = proxy;
    }

    /** On the spawning thread, while it still has its capabilities. */
    @Override
    public void apply() throws KernelException {
        NetworkNamespace.enter();
        ServerSocketChannel listener = null;
        try {
            listener = ServerSocketChannel.open();
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), proxy.port()));
            proxy.serve(listener);
        } catch (IOException e) {
            if (listener != null) {
                try {
                    listener.close();
                } catch (IOException ignored) {
                    // Already failing; the namespace goes with the thread.
                }
            }
            throw new KernelException("cannot open the egress proxy's listener in the sandbox's network: "
                    + e.getMessage(), 0);
        }
    }
}
