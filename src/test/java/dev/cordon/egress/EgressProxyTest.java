package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.profile.Profile;
import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy as commands use it, against real HTTP and HTTPS servers on 127.0.0.1: what the policy
 * allows gets through, what it refuses does not, names it refuses are never looked up, and every
 * refusal is recorded with its rule and where that rule is written.
 */
class EgressProxyTest {

    private static final TestServers servers = TestServers.shared();
    private final List<String> lookups = new ArrayList<>();
    private EgressProxy proxy;
    private int port;

    @BeforeEach
    void start() throws Exception {
        startWith(EgressFixture.profile(Profile.Mode.STANDARD, EgressFixture.allowing(servers)));
    }

    private void startWith(Profile profile) throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        proxy = EgressProxy.start(EgressFixture.policy(profile), EgressFixture.resolver(lookups), ProxySettings.DEFAULT);
        port = ProxyClient.listen(proxy);
    }

    @AfterEach
    void stop() {
        proxy.close();
    }

    @Test
    void httpsThroughConnectReachesAnAllowedHost() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            String head = ProxyClient.connect(socket, "allowed.test:" + servers.httpsPort());
            assertTrue(head.startsWith("HTTP/1.1 200 "), head);
            try (SSLSocket tls = ProxyClient.tls(socket, servers.clientTls(), "allowed.test", servers.httpsPort())) {
                String response = ProxyClient.get(tls, "allowed.test", "/hello");
                assertTrue(response.startsWith("HTTP/1.1 200"), response);
                assertTrue(response.endsWith(TestServers.HELLO), response);
            }
        }
        assertEquals(List.of(), proxy.violations());
    }

    @Test
    void plainHttpIsForwardedWithTheConnectionKeptForTheNextRequest() throws Exception {
        String url = "http://allowed.test:" + servers.httpPort() + "/hello";
        try (Socket socket = ProxyClient.open(port)) {
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 2; i++) {
                ProxyClient.send(socket, "GET " + url + " HTTP/1.1\r\nHost: allowed.test\r\nProxy-Connection: keep-alive\r\n\r\n");
                String head = ProxyClient.head(in);
                assertTrue(head.startsWith("HTTP/1.1 200"), head);
                byte[] body = new byte[TestServers.HELLO.length()];
                new DataInputStream(in).readFully(body);
                assertEquals(TestServers.HELLO, new String(body, StandardCharsets.UTF_8));
            }
        }
        assertEquals(List.of("allowed.test"), lookups, "one lookup for both requests");
    }

    @Test
    void aNameIsLookedUpOncePerRunSoALaterAnswerCannotRebindIt() throws Exception {
        for (int i = 0; i < 3; i++) {
            try (Socket socket = ProxyClient.open(port)) {
                assertTrue(ProxyClient.connect(socket, "allowed.test:" + servers.httpPort()).startsWith("HTTP/1.1 200 "));
            }
        }
        assertEquals(List.of("allowed.test"), lookups);
    }

    @Test
    void aHostOutsideTheAllowListIsRefusedWithTheRuleAndNeverLookedUp() throws Exception {
        int before = servers.requests();
        try (Socket socket = ProxyClient.open(port)) {
            String head = ProxyClient.connect(socket, "other.test:" + servers.httpsPort());
            assertTrue(head.startsWith("HTTP/1.1 403 "), head);
            String body = ProxyClient.rest(socket.getInputStream());
            assertTrue(body.contains("refused by `network.not-allowed` ("), body);
            assertTrue(body.contains("rules/network.drl:"), body);
        }
        assertEquals(before, servers.requests());
        assertFalse(lookups.contains("other.test"), "a refused name must not reach DNS: " + lookups);
        EgressViolation violation = proxy.violations().get(0);
        assertEquals("other.test", violation.host());
        assertEquals(servers.httpsPort(), violation.port());
        assertEquals("network.not-allowed", violation.decision().rule());
        assertTrue(violation.decision().file().endsWith("rules/network.drl"), violation.decision().file());
        assertTrue(violation.decision().line() > 0);
        assertEquals(EgressViolation.Via.HTTP_CONNECT, violation.via());
        assertTrue(violation.enforced());
    }

    @Test
    void anAllowedNameThatResolvesToLoopbackNeedsTheAddressAllowedToo() throws Exception {
        startWith(EgressFixture.profile(Profile.Mode.STANDARD, List.of("allowed.test:" + servers.httpsPort())));
        try (Socket socket = ProxyClient.open(port)) {
            String head = ProxyClient.connect(socket, "allowed.test:" + servers.httpsPort());
            assertTrue(head.startsWith("HTTP/1.1 403 "), head);
        }
        EgressViolation violation = proxy.violations().get(0);
        assertEquals("network.internal-address", violation.decision().rule());
        assertEquals("127.0.0.1", violation.address());
        assertEquals(List.of("allowed.test"), lookups);
    }

    @Test
    void metadataAndLinkLocalAddressesAreRefusedEvenWhenEverythingIsAllowed() throws Exception {
        startWith(EgressFixture.profile(Profile.Mode.STANDARD, List.of("*:*")));
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "169.254.169.254:80").startsWith("HTTP/1.1 403 "));
        }
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "metadata.google.internal:80").startsWith("HTTP/1.1 403 "));
        }
        assertEquals(List.of("network.link-local", "network.deny[metadata.google.internal]"),
                proxy.violations().stream().map(v -> v.decision().rule()).toList());
        assertEquals(List.of(), lookups);
    }

    @Test
    void aPlainRequestRefusedKeepsItsQueryAndUserOutOfTheRecord() throws Exception {
        String url = "http://user:secret@other.test:" + servers.httpPort() + "/path?token=abc123#frag";
        try (Socket socket = ProxyClient.open(port)) {
            ProxyClient.send(socket, "GET " + url + " HTTP/1.1\r\nHost: other.test\r\n\r\n");
            assertTrue(ProxyClient.head(socket.getInputStream()).startsWith("HTTP/1.1 403 "));
        }
        EgressViolation violation = proxy.violations().get(0);
        assertEquals("http://other.test:" + servers.httpPort() + "/path", violation.url());
        assertEquals(EgressViolation.Via.HTTP, violation.via());
    }

    @Test
    void socks5WithAHostNameConnectsOrAnswersNotAllowed() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            assertEquals(0, socks(socket, "allowed.test", servers.httpPort()));
            String response = ProxyClient.get(socket, "allowed.test", "/hello");
            assertTrue(response.endsWith(TestServers.HELLO), response);
        }
        try (Socket socket = ProxyClient.open(port)) {
            assertEquals(2, socks(socket, "other.test", servers.httpPort()), "0x02: not allowed by ruleset");
            assertEquals(-1, socket.getInputStream().read());
        }
        assertEquals(EgressViolation.Via.SOCKS5, proxy.violations().get(0).via());
    }

    @Test
    void permissiveModeConnectsAndReportsWhatItWouldRefuse() throws Exception {
        startWith(EgressFixture.profile(Profile.Mode.PERMISSIVE, EgressFixture.allowing(servers)));
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "other.test:" + servers.httpPort()).startsWith("HTTP/1.1 200 "));
            assertTrue(ProxyClient.get(socket, "other.test", "/hello").endsWith(TestServers.HELLO));
        }
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "169.254.169.254:80").startsWith("HTTP/1.1 403 "),
                    "the always-protected gate holds in every mode");
        }
        List<EgressViolation> violations = proxy.violations();
        assertEquals(2, violations.size());
        assertFalse(violations.get(0).enforced());
        assertTrue(violations.get(1).enforced());
    }

    @Test
    void aNameWithoutAnAddressIsABadGatewayNotAViolation() throws Exception {
        startWith(EgressFixture.profile(Profile.Mode.STANDARD, List.of("*.test:*")));
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "missing.test:443").startsWith("HTTP/1.1 502 "));
        }
        assertEquals(List.of(), proxy.violations());
        assertEquals(List.of("missing.test"), lookups);
    }

    /** A SOCKS5 greeting without authentication and a CONNECT by name; returns the reply code. */
    static int socks(Socket socket, String host, int port) throws Exception {
        OutputStream out = socket.getOutputStream();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        out.write(new byte[] {5, 1, 0});
        out.flush();
        byte[] method = new byte[2];
        in.readFully(method);
        assertEquals(5, method[0]);
        assertEquals(0, method[1]);
        byte[] name = host.getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[7 + name.length];
        request[0] = 5;
        request[1] = 1;
        request[3] = 3;
        request[4] = (byte) name.length;
        System.arraycopy(name, 0, request, 5, name.length);
        request[5 + name.length] = (byte) (port >> 8);
        request[6 + name.length] = (byte) port;
        out.write(request);
        out.flush();
        byte[] reply = new byte[10];
        in.readFully(reply);
        return reply[1];
    }
}
