package dev.cordon.cli;

import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.profile.ExecutorCapabilities;
import java.nio.file.Path;
import java.util.Map;

/**
 * What is expensive to build and worth keeping across command lines in one process: the executor
 * registry with its probes. (Compiled rules are cached by the engine itself.)
 */
public final class Services implements AutoCloseable {

    private final Path home;
    private final Path cacheDir;
    private boolean freshProbes;
    private ExecutorRegistry registry;

    /**
     * @param home the distribution folder
     * @param cacheDir where successful probes are kept for the rest of the boot, or null
     */
    public Services(Path home, Path cacheDir) {
        this.home = home;
        this.cacheDir = cacheDir;
    }

    /** The user's cache folder for cordon: {@code $XDG_CACHE_HOME/cordon} or {@code ~/.cache/cordon}. */
    public static Path cacheDir(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "cordon");
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(home, ".cache", "cordon");
    }

    /** Probes are to be run anew, not taken from earlier processes; call before {@link #registry()}. */
    public synchronized void freshProbes() {
        freshProbes = true;
        if (registry != null) {
            registry.probingAnew();
        }
    }

    /** What the installed executors isolate; the plugins are loaded only when it is first asked. */
    public ExecutorCapabilities executors() {
        return () -> registry().declared().declared();
    }

    public synchronized ExecutorRegistry registry() {
        if (registry == null) {
            registry = ExecutorRegistry.load(home.resolve("plugins"));
            if (cacheDir != null) {
                registry.keepingProbesIn(cacheDir);
            }
            if (freshProbes) {
                registry.probingAnew();
            }
            registry.startProbes();
        }
        return registry;
    }

    @Override
    public synchronized void close() {
        if (registry != null) {
            registry.close();
        }
    }
}
