package dev.cordon.egress;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * An HTTP and an HTTPS server on 127.0.0.1 for the proxy's tests: {@code /hello} answers a short
 * text, {@code /bytes?n=N} sends N bytes. The HTTPS certificate is made for this run with keytool,
 * for the names {@code allowed.test} and {@code other.test}; {@link #clientTls()} trusts it.
 */
public final class TestServers implements AutoCloseable {

    public static final String HELLO = "hello from the test server\n";

    private final HttpServer http;
    private final HttpsServer https;
    private final ExecutorService threads = Executors.newFixedThreadPool(8, r -> {
        Thread t = new Thread(r, "test-server");
        t.setDaemon(true);
        return t;
    });
    private final SSLContext serverTls;
    private final SSLContext clientTls;
    private final AtomicInteger requests = new AtomicInteger();

    private static TestServers shared;

    /**
     * One pair of servers for all the unit tests of this JVM (the certificate is made once); left
     * running until the JVM ends, their threads are daemons. Tests compare request counts before
     * and after, never absolute ones.
     */
    public static synchronized TestServers shared() {
        if (shared == null) {
            try {
                Path scratch = Files.createTempDirectory("cordon-test-servers");
                shared = new TestServers(scratch);
                Files.delete(scratch.resolve(KEY_STORE));
                Files.delete(scratch);
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test servers: " + e, e);
            }
        }
        return shared;
    }

    public TestServers(Path scratch) throws Exception {
        KeyStore keys = keyStore(scratch);
        KeyManagerFactory km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        km.init(keys, PASSWORD);
        serverTls = SSLContext.getInstance("TLS");
        serverTls.init(km.getKeyManagers(), null, null);
        TrustManagerFactory tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tm.init(keys);
        clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, tm.getTrustManagers(), null);
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        http = HttpServer.create(loopback, 200);
        https = HttpsServer.create(loopback, 200);
        https.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        for (HttpServer server : List.of(http, https)) {
            server.createContext("/hello", this::hello);
            server.createContext("/bytes", this::bytes);
            server.setExecutor(threads);
            server.start();
        }
    }

    private static final char[] PASSWORD = "test-only".toCharArray();
    private static final String KEY_STORE = "server.p12";

    private static KeyStore keyStore(Path scratch) throws Exception {
        Path file = scratch.resolve(KEY_STORE);
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keyalg", "EC", "-alias", "test", "-dname", "CN=allowed.test",
                "-ext", "SAN=dns:allowed.test,dns:other.test,ip:127.0.0.1", "-validity", "2",
                "-keystore", file.toString(), "-storetype", "PKCS12", "-storepass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD);
        }
        return store;
    }

    public int httpPort() {
        return http.getAddress().getPort();
    }

    public int httpsPort() {
        return https.getAddress().getPort();
    }

    /** Trusts the servers' certificate, and nothing else. */
    public SSLContext clientTls() {
        return clientTls;
    }

    /** Requests the servers answered so far. */
    public int requests() {
        return requests.get();
    }

    private void hello(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        byte[] body = HELLO.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void bytes(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        String query = exchange.getRequestURI().getQuery();
        long n = Long.parseLong(query.substring(query.indexOf('=') + 1));
        exchange.sendResponseHeaders(200, n);
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = exchange.getResponseBody()) {
            for (long sent = 0; sent < n; sent += chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, n - sent));
            }
        }
    }

    @Override
    public void close() {
        http.stop(0);
        https.stop(0);
        threads.shutdownNow();
    }
}
