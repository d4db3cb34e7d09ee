package dev.cordon.egress;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables that point a command's tools at the egress proxy: curl, wget, git, pip, Go and
 * most libraries read {@code http(s)_proxy}; npm and yarn read {@code npm_config_*}; every JVM
 * (Maven, Gradle) reads {@code JAVA_TOOL_OPTIONS}. {@code NO_PROXY} is set empty so that a value
 * passed through cannot send anything around the proxy (nothing would get through anyway). No
 * credentials are involved: the proxy needs none.
 */
public final class EgressEnvironment {

    private EgressEnvironment() {
    }

    /** The variables for a proxy at {@code 127.0.0.1:port}, added to (and replacing) the command's own. */
    public static Map<String, String> of(int port, Map<String, String> env) {
        String http = "http://127.0.0.1:" + port;
        String socks = "socks5h://127.0.0.1:" + port;
        Map<String, String> out = new LinkedHashMap<>(env);
        for (String name : new String[] {"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"}) {
            out.put(name, http);
        }
        out.put("ALL_PROXY", socks);
        out.put("all_proxy", socks);
        out.put("NO_PROXY", "");
        out.put("no_proxy", "");
        out.put("npm_config_proxy", http);
        out.put("npm_config_https_proxy", http);
        out.put("npm_config_noproxy", "");
        String jvm = "-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=" + port + " -Dhttps.proxyHost=127.0.0.1"
                + " -Dhttps.proxyPort=" + port + " -Dhttp.nonProxyHosts=";
        String own = env.get("JAVA_TOOL_OPTIONS");
        out.put("JAVA_TOOL_OPTIONS", own == null || own.isBlank() ? jvm : own + " " + jvm);
        return out;
    }
}
