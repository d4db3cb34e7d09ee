package dev.cordon.executor.wsl;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The machine as this executor sees it.
 *
 * @param osName the {@code os.name} system property
 * @param wslExe where {@code wsl.exe} is ({@code %SystemRoot%\System32\wsl.exe})
 * @param dataDir where distributions are installed and tarballs cached ({@code %LOCALAPPDATA%\cordon})
 * @param distroFile the distro definition in use, when one could be located
 * @param environment this process's environment, from which wsl.exe gets a few Windows variables
 */
record WslHost(String osName, String wslExe, Path dataDir, Optional<Path> distroFile, Map<String, String> environment) {

    static final String DEFAULT_DISTRO = "cordon-alpine";

    /**
     * The distro file is {@code CORDON_WSL_DISTRO} when that names a {@code .yaml} file, otherwise
     * {@code distros/NAME.yaml} (NAME from {@code CORDON_WSL_DISTRO}, default {@code
     * cordon-alpine}) in the distribution folder ({@code cordon.home}).
     */
    static WslHost current() {
        Map<String, String> env = System.getenv();
        String systemRoot = env.getOrDefault("SystemRoot", "C:\\Windows");
        String localAppData = env.getOrDefault("LOCALAPPDATA", System.getProperty("user.home") + "\\AppData\\Local");
        String chosen = env.getOrDefault("CORDON_WSL_DISTRO", DEFAULT_DISTRO);
        Optional<Path> distroFile;
        if (chosen.toLowerCase(Locale.ROOT).endsWith(".yaml")) {
            distroFile = Optional.of(Path.of(chosen));
        } else {
            String home = System.getProperty("cordon.home", env.get("CORDON_HOME"));
            distroFile = home == null ? Optional.empty() : Optional.of(Path.of(home, "distros", chosen + ".yaml"));
        }
        return new WslHost(System.getProperty("os.name", ""), systemRoot + "\\System32\\wsl.exe",
                Path.of(localAppData, "cordon"), distroFile, env);
    }

    boolean isWindows() {
        return osName.startsWith("Windows");
    }

    String notWindows() {
        return "wsl needs Windows with WSL2; this machine runs `" + osName + "`";
    }

    Path installDir(WslDistro distro) {
        return dataDir.resolve("wsl").resolve(distro.name());
    }

    Path cacheDir() {
        return dataDir.resolve("cache");
    }
}
