package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.profile.Profile;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a hostile or broken client sends: each gets a clear error or is closed, and after each the
 * proxy still serves an ordinary request.
 */
class EgressBadInputTest {

    private static final Duration HANDSHAKE = Duration.ofSeconds(1);

    private static final TestServers servers = TestServers.shared();
    private EgressProxy proxy;
    private int port;

    @BeforeEach
    void start() throws Exception {
        proxy = EgressProxy.start(
                EgressFixture.policy(EgressFixture.profile(Profile.Mode.STANDARD, EgressFixture.allowing(servers))),
                EgressFixture.resolver(new ArrayList<>()), ProxySettings.DEFAULT.withHandshake(HANDSHAKE));
        port = ProxyClient.listen(proxy);
    }

    @AfterEach
    void stillServesThenStop() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            assertTrue(ProxyClient.connect(socket, "allowed.test:" + servers.httpPort()).startsWith("HTTP/1.1 200 "));
            assertTrue(ProxyClient.get(socket, "allowed.test", "/hello").endsWith(TestServers.HELLO));
        } finally {
            proxy.close();
        }
    }

    @Test
    void malformedConnectLinesGetBadRequest() throws Exception {
        for (String target : List.of("allowed.test", "allowed.test:", "allowed.test:http", "allowed.test:99999",
                "[::1:443", "::1:443", "a b:80", "-bad-.test:443", "allowed.test:0", ":443")) {
            try (Socket socket = ProxyClient.open(port)) {
                String head = ProxyClient.connect(socket, target);
                assertTrue(head.startsWith("HTTP/1.1 400 "), target + " -> " + head);
                assertTrue(ProxyClient.rest(socket.getInputStream()).startsWith("cordon proxy: "), target);
            }
        }
        for (String line : List.of("CONNECT\r\n\r\n", "CONNECT  HTTP/1.1\r\n\r\n", "GARBAGE\r\n\r\n",
                "GET /not-a-proxy-request HTTP/1.1\r\nHost: x\r\n\r\n")) {
            try (Socket socket = ProxyClient.open(port)) {
                ProxyClient.send(socket, line);
                String head = ProxyClient.head(socket.getInputStream());
                assertTrue(head.startsWith("HTTP/1.") && head.contains(" 400 "), line.strip() + " -> " + head);
            }
        }
    }

    @Test
    void aRequestLineOfOneMebibyteIsRefusedAsTooLong() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            String head = sendUntilAnswered(socket, "GET http://allowed.test/" + "a".repeat(1 << 20) + " HTTP/1.1\r\n\r\n");
            assertTrue(head.startsWith("HTTP/1.1 414 "), head);
        }
    }

    @Test
    void aHeaderFloodIsRefusedAsTooLarge() throws Exception {
        StringBuilder request = new StringBuilder("GET http://allowed.test:" + servers.httpPort() + "/hello HTTP/1.1\r\n");
        for (int i = 0; i < 20_000; i++) {
            request.append("X-Flood-").append(i).append(": ").append("v".repeat(20)).append("\r\n");
        }
        try (Socket socket = ProxyClient.open(port)) {
            String head = sendUntilAnswered(socket, request.append("\r\n").toString());
            assertTrue(head.startsWith("HTTP/1.1 431 "), head);
        }
    }

    @Test
    void aClientThatSendsOneByteAtATimeIsClosedAtTheHandshakeDeadline() throws Exception {
        try (Socket slow = ProxyClient.open(port)) {
            OutputStream out = slow.getOutputStream();
            long start = System.nanoTime();
            byte[] line = "CONNECT allowed.test:443 HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII);
            boolean closed = false;
            for (int i = 0; i < line.length && !closed; i++) {
                try {
                    out.write(line[i]);
                    out.flush();
                    // Meanwhile the proxy serves others.
                    if (i == 2) {
                        try (Socket other = ProxyClient.open(port)) {
                            assertTrue(ProxyClient.connect(other, "allowed.test:" + servers.httpPort())
                                    .startsWith("HTTP/1.1 200 "));
                        }
                    }
                    Thread.sleep(250);
                    slow.setSoTimeout(1);
                    closed = slow.getInputStream().read() < 0;
                } catch (java.net.SocketTimeoutException e) {
                    // still open
                } catch (SocketException e) {
                    closed = true;
                } finally {
                    slow.setSoTimeout(20_000);
                }
            }
            long waited = (System.nanoTime() - start) / 1_000_000;
            assertTrue(closed, "the trickling client must be closed");
            assertTrue(waited >= HANDSHAKE.toMillis() - 100 && waited < HANDSHAKE.toMillis() + 2000,
                    "closed after " + waited + " ms");
        }
    }

    @Test
    void socksWithAnUnknownCommandOrBindIsAnsweredUnsupported() throws Exception {
        for (byte command : new byte[] {9, 2, 3}) {
            try (Socket socket = ProxyClient.open(port)) {
                greet(socket);
                socket.getOutputStream().write(new byte[] {5, command, 0, 1, 127, 0, 0, 1, 0, 80});
                byte[] reply = reply(socket);
                assertEquals(7, reply[1], "command " + command + ": 0x07 command not supported");
                assertEquals(-1, socket.getInputStream().read());
            }
        }
    }

    @Test
    void socksGreetingAndRequestInOnePacketAreAnsweredInOrder() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            socket.getOutputStream().write(new byte[] {5, 1, 0, 5, 9, 0, 1, 127, 0, 0, 1, 0, 80});
            byte[] replies = new byte[12];
            new DataInputStream(socket.getInputStream()).readFully(replies);
            assertEquals(0, replies[1], "first the method: no authentication");
            assertEquals(7, replies[3], "then the command reply: not supported");
        }
    }

    @Test
    void socksToAnIpv6LiteralIsDecidedLikeAnyAddress() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            greet(socket);
            byte[] request = new byte[22];
            request[0] = 5;
            request[1] = 1;
            request[3] = 4;
            request[19] = 1; // ::1
            request[20] = (byte) (servers.httpPort() >> 8);
            request[21] = (byte) servers.httpPort();
            socket.getOutputStream().write(request);
            assertEquals(2, reply(socket)[1], "0x02: not allowed (a loopback address nobody allowed)");
        }
        assertEquals("network.internal-address", proxy.violations().get(0).decision().rule());
        assertEquals("::1", proxy.violations().get(0).host());
    }

    @Test
    void aHostNameOf300CharactersIsRefusedAsInvalid() throws Exception {
        String longName = "a".repeat(60) + "." + "b".repeat(60) + "." + "c".repeat(60) + "." + "d".repeat(60) + "."
                + "e".repeat(51) + ".test";
        assertEquals(300, longName.length());
        try (Socket socket = ProxyClient.open(port)) {
            String head = ProxyClient.connect(socket, longName + ":443");
            assertTrue(head.startsWith("HTTP/1.1 400 "), head);
        }
        String socksName = longName.substring(0, 255);
        try (Socket socket = ProxyClient.open(port)) {
            greet(socket);
            byte[] name = socksName.getBytes(StandardCharsets.US_ASCII);
            byte[] request = new byte[7 + name.length];
            request[0] = 5;
            request[1] = 1;
            request[3] = 3;
            request[4] = (byte) name.length;
            System.arraycopy(name, 0, request, 5, name.length);
            request[6 + name.length] = (byte) 443;
            request[5 + name.length] = (byte) (443 >> 8);
            socket.getOutputStream().write(request);
            assertEquals(1, reply(socket)[1], "0x01: general failure for a name DNS cannot carry");
        }
        assertEquals(List.of(), proxy.violations());
    }

    @Test
    void otherProtocolsAreClosedOrRejected() throws Exception {
        try (Socket socket = ProxyClient.open(port)) {
            socket.getOutputStream().write(new byte[] {4, 1, 0, 80, 127, 0, 0, 1, 0});
            byte[] reply = new byte[8];
            new DataInputStream(socket.getInputStream()).readFully(reply);
            assertEquals(91, reply[1], "SOCKS4: request rejected");
        }
        try (Socket socket = ProxyClient.open(port)) {
            socket.getOutputStream().write(new byte[] {(byte) 0x16, 3, 1, 0, 5});
            assertEquals(-1, socket.getInputStream().read(), "a TLS hello to the proxy itself is closed");
        }
        try (Socket socket = ProxyClient.open(port)) {
            socket.getOutputStream().write(new byte[] {5, 1, 2});
            byte[] answer = new byte[2];
            new DataInputStream(socket.getInputStream()).readFully(answer);
            assertEquals((byte) 0xFF, answer[1], "SOCKS5 with only user/password: no acceptable method");
        }
    }

    /** Writes until the proxy answers and closes; it stops reading long before a huge request ends. */
    private static String sendUntilAnswered(Socket socket, String text) throws IOException {
        try {
            ProxyClient.send(socket, text);
        } catch (SocketException e) {
            // Closed while we were still writing: the answer is already waiting.
        }
        return ProxyClient.head(socket.getInputStream());
    }

    private static void greet(Socket socket) throws IOException {
        socket.getOutputStream().write(new byte[] {5, 1, 0});
        byte[] answer = new byte[2];
        new DataInputStream(socket.getInputStream()).readFully(answer);
        assertEquals(0, answer[1]);
    }

    private static byte[] reply(Socket socket) throws IOException {
        byte[] reply = new byte[10];
        InputStream in = socket.getInputStream();
        new DataInputStream(in).readFully(reply);
        return reply;
    }
}
