package dev.cordon.executor;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one plugin folder. It sees the JDK, the plugin's own jars, and from the
 * host only the SPI and JNA: a plugin cannot reach into the core, and JNA's native library is
 * loaded once, by the host.
 */
final class PluginClassLoader extends URLClassLoader {

    private static final String[] SHARED_PACKAGES = {"dev.cordon.spi.", "com.sun.jna."};

    private final ClassLoader host;

    PluginClassLoader(String name, URL[] jars, ClassLoader host) {
        super(name, jars, ClassLoader.getPlatformClassLoader());
        this.host = host;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        for (String shared : SHARED_PACKAGES) {
            if (name.startsWith(shared)) {
                return host.loadClass(name);
            }
        }
        return super.loadClass(name, resolve);
    }
}
