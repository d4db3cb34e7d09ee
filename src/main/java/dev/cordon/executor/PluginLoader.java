package dev.cordon.executor;

import dev.cordon.spi.Executor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Finds executors: one class loader per folder under {@code plugins/}, then whatever the host's
 * own class path provides (an embedding application may add executor jars there). The first
 * executor with a given id wins.
 */
public final class PluginLoader {

    private PluginLoader() {
    }

    /**
     * Loads every executor.
     *
     * @param pluginsDir the distribution's plugins folder; may be missing
     * @param problems receives one line per plugin folder that could not be loaded
     */
    public static List<Executor> load(Path pluginsDir, List<String> problems) {
        Map<String, Executor> byId = new LinkedHashMap<>();
        for (Path folder : folders(pluginsDir)) {
            List<Executor> found = loadFolder(folder, problems);
            if (found.isEmpty()) {
                problems.add("plugin folder `" + folder.getFileName() + "` provides no executor");
            }
            found.forEach(e -> byId.putIfAbsent(e.id(), e));
        }
        ClassLoader host = PluginLoader.class.getClassLoader();
        try {
            ServiceLoader.load(Executor.class, host).forEach(e -> byId.putIfAbsent(e.id(), e));
        } catch (ServiceConfigurationError e) {
            problems.add("class path executor failed to load: " + e.getMessage());
        }
        return List.copyOf(byId.values());
    }

    private static List<Path> folders(Path pluginsDir) {
        if (pluginsDir == null || !Files.isDirectory(pluginsDir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(pluginsDir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Executor> loadFolder(Path folder, List<String> problems) {
        List<Executor> found = new ArrayList<>();
        try {
            URL[] jars = jars(folder);
            PluginClassLoader loader = new PluginClassLoader(
                    "cordon-plugin-" + folder.getFileName(), jars, PluginLoader.class.getClassLoader());
            ServiceLoader.load(Executor.class, loader).forEach(found::add);
        } catch (ServiceConfigurationError | IOException e) {
            problems.add("plugin folder `" + folder.getFileName() + "` failed to load: " + e.getMessage());
        }
        return found;
    }

    private static URL[] jars(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            URL[] urls = new URL[jars.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = toUrl(jars.get(i));
            }
            return urls;
        }
    }

    private static URL toUrl(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
