package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.egress.TestServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A network allow-list through the real launcher, under each Linux executor: {@code curl} reaches
 * the allowed host through the egress proxy, is refused the other with the rule named, and a raw
 * connection that ignores the proxy reaches nothing. Both host names resolve to test servers on
 * 127.0.0.1 through a hosts file named by {@code CORDON_NETWORK_HOSTS}.
 */
class NetworkIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path scratch;

    private static TestServers servers;
    private static final List<Path> made = new ArrayList<>();

    @BeforeAll
    static void servers() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed");
        servers = new TestServers(scratch);
    }

    @AfterAll
    static void stop() throws IOException {
        if (servers != null) {
            servers.close();
        }
        for (Path base : made) {
            try (Stream<Path> tree = Files.walk(base)) {
                for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /**
     * A home with the test profile, and a workspace, both under the host's /tmp: each run gets a
     * private /tmp, and the workspace must still show through it.
     */
    private static Setup setup(String executor) throws Exception {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "network-it-");
        made.add(base);
        Cordon cordon = new Cordon(base.resolve("home"));
        Path profiles = Files.createDirectories(cordon.home().resolve(".config/cordon/profiles"));
        Files.writeString(profiles.resolve("egress-test.yaml"), String.join("\n",
                "extends: ci",
                "network:",
                "  allow:",
                "    - allowed.test:" + servers.httpsPort(),
                "    - allowed.test:" + servers.httpPort(),
                "    - 127.0.0.1:" + servers.httpsPort(),
                "    - 127.0.0.1:" + servers.httpPort(),
                ""));
        Path hosts = Files.writeString(base.resolve("hosts"), "127.0.0.1 allowed.test other.test\n");
        cordon.env("CORDON_NETWORK_HOSTS", hosts.toString());
        Path workspace = Files.createDirectories(base.resolve("project"));
        JsonNode status = cordon.status(workspace);
        boolean fences = Cordon.offers(status, executor, "network-allow-list");
        assumeTrue(fences, executor + " cannot fence an allow-list here");
        return new Setup(cordon, workspace, status);
    }

    private record Setup(Cordon cordon, Path workspace, JsonNode status) {
        Cordon.Result run(String executor, String... command) throws Exception {
            List<String> args = new ArrayList<>(List.of("run", "--executor", executor, "--profile", "egress-test"));
            args.addAll(List.of(command));
            return cordon.run(workspace, args.toArray(String[]::new));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bwrap", "landlock"})
    void curlReachesTheAllowedHostThroughTheProxy(String executor) throws Exception {
        Setup setup = setup(executor);
        Cordon.Result https = setup.run(executor, "--", "curl", "-sS", "--fail", "-k",
                "https://allowed.test:" + servers.httpsPort() + "/hello");
        assertEquals(0, https.code(), https::toString);
        assertEquals(TestServers.HELLO, https.out());
        Cordon.Result http = setup.run(executor, "--", "curl", "-sS", "--fail",
                "http://allowed.test:" + servers.httpPort() + "/hello");
        assertEquals(0, http.code(), http::toString);
        assertEquals(TestServers.HELLO, http.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bwrap", "landlock"})
    void theOtherHostIsRefusedWithTheRuleNamedAndAudited(String executor) throws Exception {
        Setup setup = setup(executor);
        int before = servers.requests();
        Cordon.Result text = setup.run(executor, "--", "curl", "-sS", "-k",
                "https://other.test:" + servers.httpsPort() + "/hello");
        assertNotEquals(0, text.code(), text::toString);
        assertTrue(text.err().contains("cordon: violation: network: other.test:" + servers.httpsPort()
                + " refused by `network.not-allowed` ("), text::toString);

        Cordon.Result json = setup.run(executor, "--json", "--", "curl", "-sS",
                "http://user:hunter2@other.test:" + servers.httpPort() + "/secret?token=Zq8vX2mN4pL7wR1tY6uK3sD9");
        JsonNode result = JSON.readTree(json.out());
        JsonNode violation = null;
        for (JsonNode v : result.get("violations")) {
            if (v.has("host")) {
                violation = v;
            }
        }
        assertTrue(violation != null, json::toString);
        assertEquals("NETWORK", violation.get("kind").asText());
        assertEquals("other.test", violation.get("host").asText());
        assertEquals(servers.httpPort(), violation.get("port").asInt());
        assertEquals("network.not-allowed", violation.get("rule").asText());
        assertTrue(violation.get("file").asText().endsWith("rules/network.drl"), violation::toString);
        assertTrue(violation.get("line").asInt() > 0);
        assertEquals(before, servers.requests(), "no refused request reached a server");

        Cordon.Result listed = setup.cordon().run(setup.workspace(), "audit", "violations");
        assertTrue(listed.out().contains("network.not-allowed"), listed::toString);
        String log = Files.readString(setup.cordon().home().resolve(".local/state/cordon/audit.jsonl"));
        assertTrue(log.contains("\"host\":\"other.test\""), log);
        assertFalse(log.contains("hunter2"), "user information reached the audit log");
        assertFalse(log.contains("Zq8vX2mN4pL7wR1tY6uK3sD9"), "a query string reached the audit log");
        assertTrue(log.contains("[http://other.test:" + servers.httpPort() + "/secret]"), log);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bwrap", "landlock"})
    void aProgramThatIgnoresTheProxyReachesNothing(String executor) throws Exception {
        Setup setup = setup(executor);
        // In a script, so the policy sees only `bash raw.sh` and the kernel alone must hold.
        Files.writeString(setup.workspace().resolve("raw.sh"), "exec 3<>/dev/tcp/127.0.0.1/" + servers.httpPort()
                + " && printf 'GET /hello HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3\n");
        int before = servers.requests();
        Cordon.Result raw = setup.run(executor, "--", "bash", "raw.sh");
        assertNotEquals(0, raw.code(), raw::toString);
        assertFalse(raw.out().contains(TestServers.HELLO.strip()), raw::toString);
        assertEquals(before, servers.requests(), "the raw connection reached the server");

        Cordon.Result noProxy = setup.run(executor, "--", "curl", "-sS", "--noproxy", "*",
                "http://127.0.0.1:" + servers.httpPort() + "/hello");
        assertNotEquals(0, noProxy.code(), noProxy::toString);
        assertEquals(before, servers.requests(), "curl without the proxy reached the server");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bwrap"})
    void theCiProfileIsUsable(String executor) throws Exception {
        Setup setup = setup(executor);
        assertEquals(executor, setup.status().get("profiles").get("ci").get("executor").asText(),
                setup.status()::toString);
    }
}
