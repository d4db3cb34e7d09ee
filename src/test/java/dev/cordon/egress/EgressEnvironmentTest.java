package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EgressEnvironmentTest {

    @Test
    void everyToolIsPointedAtTheProxyAndNothingGoesAround() {
        Map<String, String> env = EgressEnvironment.of(3128, Map.of("PATH", "/usr/bin", "HTTPS_PROXY",
                "http://corp-proxy:8080", "NO_PROXY", "*", "JAVA_TOOL_OPTIONS", "-Xmx1g"));
        for (String name : new String[] {"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "npm_config_proxy",
                "npm_config_https_proxy"}) {
            assertEquals("http://127.0.0.1:3128", env.get(name), name);
        }
        assertEquals("socks5h://127.0.0.1:3128", env.get("ALL_PROXY"));
        assertEquals("socks5h://127.0.0.1:3128", env.get("all_proxy"));
        assertEquals("", env.get("NO_PROXY"));
        assertEquals("", env.get("no_proxy"));
        assertEquals("-Xmx1g -Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=3128 -Dhttps.proxyHost=127.0.0.1"
                + " -Dhttps.proxyPort=3128 -Dhttp.nonProxyHosts=", env.get("JAVA_TOOL_OPTIONS"));
        assertEquals("/usr/bin", env.get("PATH"));
    }
}
