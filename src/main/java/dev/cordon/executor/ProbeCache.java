package dev.cordon.executor;

import dev.cordon.spi.Executor;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Successful probes kept for the rest of the boot, so a one-shot command does not confine a
 * trial command again before every decision. An entry holds only while the kernel has not
 * rebooted and the executor's jar is the same; an unavailable result is never kept (installing
 * bubblewrap must count at once). A kept probe only says what to expect: an executor that then
 * fails to set up still refuses the command, and {@code cordon sandbox status} always probes anew.
 */
final class ProbeCache {

    private final Path file;
    private final String boot;

    private ProbeCache(Path file, String boot) {
        this.file = file;
        this.boot = boot;
    }

    /** The cache in {@code dir}, or empty where there is no boot id to key it by. */
    static Optional<ProbeCache> in(Path dir) {
        try {
            String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
            return Optional.of(new ProbeCache(dir.resolve("probes.properties"), boot));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    Optional<Probe> get(Executor executor) {
        Properties all = read();
        String key = key(executor);
        if (!"true".equals(all.getProperty(key + ".available"))) {
            return Optional.empty();
        }
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> enforced = new ArrayList<>();
        for (int i = 0; all.containsKey(key + ".fact." + i); i++) {
            String fact = all.getProperty(key + ".fact." + i);
            int eq = fact.indexOf('=');
            facts.put(fact.substring(0, eq), fact.substring(eq + 1));
        }
        for (int i = 0; all.containsKey(key + ".enforced." + i); i++) {
            enforced.add(all.getProperty(key + ".enforced." + i));
        }
        return Optional.of(new Probe(true, all.getProperty(key + ".summary", ""), facts, enforced));
    }

    synchronized void put(Executor executor, Probe probe) {
        if (!probe.available()) {
            return;
        }
        Properties all = read();
        String key = key(executor);
        all.keySet().removeIf(k -> k.toString().startsWith(key + "."));
        all.setProperty(key + ".available", "true");
        all.setProperty(key + ".summary", probe.summary());
        int i = 0;
        for (Map.Entry<String, String> fact : probe.facts().entrySet()) {
            all.setProperty(key + ".fact." + i++, fact.getKey() + "=" + fact.getValue());
        }
        for (int j = 0; j < probe.enforced().size(); j++) {
            all.setProperty(key + ".enforced." + j, probe.enforced().get(j));
        }
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "probes", ".tmp");
            try (OutputStream out = Files.newOutputStream(temp)) {
                all.store(out, "cordon executor probes; safe to delete");
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // Not kept: the next command probes again.
        }
    }

    private Properties read() {
        Properties all = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            all.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return new Properties();
        }
        return all;
    }

    /** The boot, the executor and its jar: any change makes a new key. */
    private String key(Executor executor) {
        String jar = "";
        try {
            Path source = Path.of(executor.getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
            jar = Files.size(source) + "-" + Files.getLastModifiedTime(source).toMillis();
        } catch (IOException | URISyntaxException | RuntimeException e) {
            jar = "unknown";
        }
        return (boot + "." + executor.id() + "." + jar).replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
