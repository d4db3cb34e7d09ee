package dev.cordon.executor.docker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How this executor reaches docker, from the environment cordon runs in.
 *
 * @param client the {@code docker} binary, when one was found
 * @param image the image every command runs in ({@code CORDON_DOCKER_IMAGE})
 * @param network the network of a command whose policy allows the network
 *     ({@code CORDON_DOCKER_NETWORK})
 * @param clientEnv the environment of the docker client itself: only what it needs to find the
 *     daemon, nothing of the command's
 * @param osName the {@code os.name} of this machine
 */
record DockerSettings(Optional<Path> client, String image, String network, Map<String, String> clientEnv, String osName) {

    static final String DEFAULT_IMAGE = "debian:stable-slim";
    static final String DEFAULT_NETWORK = "bridge";

    /** Variables the docker client reads to find and authenticate to its daemon. */
    static final List<String> CLIENT_VARIABLES = List.of("PATH", "HOME", "DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG",
            "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY", "DOCKER_API_VERSION", "XDG_RUNTIME_DIR");

    /** Bind sources are host paths given as they are: a Windows host would need them translated. */
    boolean supportedHost() {
        return !osName.startsWith("Windows");
    }

    static DockerSettings from(Map<String, String> environment, String osName) {
        Map<String, String> clientEnv = new java.util.LinkedHashMap<>();
        for (String name : CLIENT_VARIABLES) {
            String value = environment.get(name);
            if (value != null) {
                clientEnv.put(name, value);
            }
        }
        String image = environment.getOrDefault("CORDON_DOCKER_IMAGE", "").isBlank() ? DEFAULT_IMAGE
                : environment.get("CORDON_DOCKER_IMAGE").strip();
        String network = environment.getOrDefault("CORDON_DOCKER_NETWORK", "").isBlank() ? DEFAULT_NETWORK
                : environment.get("CORDON_DOCKER_NETWORK").strip();
        return new DockerSettings(find(environment.getOrDefault("PATH", "")), image, network, Map.copyOf(clientEnv), osName);
    }

    /** The first executable {@code docker} on the search path. */
    static Optional<Path> find(String searchPath) {
        List<Path> candidates = new ArrayList<>();
        for (String directory : searchPath.split(java.io.File.pathSeparator)) {
            if (!directory.isEmpty()) {
                candidates.add(Path.of(directory, "docker"));
                candidates.add(Path.of(directory, "docker.exe"));
            }
        }
        return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst();
    }
}
