package dev.cordon.egress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/** Talks to a proxy the way curl would, byte by byte, over a plain socket. */
final class ProxyClient {

    private ProxyClient() {
    }

    /** A listener on 127.0.0.1 handed to the proxy, as an executor hands one bound in the sandbox. */
    static int listen(EgressProxy proxy) throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        proxy.serve(listener);
        return port;
    }

    static Socket open(int proxyPort) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), proxyPort);
        socket.setSoTimeout(20_000);
        return socket;
    }

    static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Reads up to the blank line that ends a response head. */
    static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** Everything until the other side closes. */
    static String rest(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** {@code CONNECT host:port}; returns the response head. */
    static String connect(Socket socket, String hostPort) throws IOException {
        send(socket, "CONNECT " + hostPort + " HTTP/1.1\r\nHost: " + hostPort + "\r\n\r\n");
        return head(socket.getInputStream());
    }

    /** TLS over an established tunnel, checked against the test certificate. */
    static SSLSocket tls(Socket tunnel, SSLContext context, String host, int port) throws IOException {
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(tunnel, host, port, true);
        tls.startHandshake();
        return tls;
    }

    /** A whole GET over a socket already at the server (a tunnel); the connection closes after it. */
    static String get(Socket socket, String host, String path) throws IOException {
        send(socket, "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        return rest(socket.getInputStream());
    }
}
