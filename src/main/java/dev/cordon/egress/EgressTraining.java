package dev.cordon.egress;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * Walks the proxy's paths once, for the launcher's start-up cache: the cache keeps the classes
 * its training run loaded, and a run with an allow-list otherwise loads some 600 classes (Netty's
 * and the JDK's networking) from the jars. One refused {@code CONNECT} and one refused SOCKS5
 * request through a loopback listener, and the Unix socket bound; nothing leaves the machine.
 */
public final class EgressTraining {

    private EgressTraining() {
    }

    public static void run() {
        EgressPolicy refuseAll = connection -> new EgressDecision(EgressDecision.Outcome.REFUSED, "training", "training",
                0, "training");
        Resolver none = host -> {
            throw new UnknownHostException(host);
        };
        try (EgressProxy proxy = EgressProxy.start(refuseAll, none, ProxySettings.DEFAULT)) {
            proxy.socket();
            ServerSocketChannel listener = ServerSocketChannel.open();
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            proxy.serve(listener);
            exchange(port, "CONNECT training.invalid:443 HTTP/1.1\r\nHost: training.invalid\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            exchange(port, new byte[] {5, 1, 0, 5, 1, 0, 1, 127, 0, 0, 1, 1, (byte) 187});
        } catch (IOException e) {
            // Training only: a run that cannot do this pays the class loading itself.
        }
    }

    private static void exchange(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = socket.getInputStream();
            in.readAllBytes();
        }
    }
}
