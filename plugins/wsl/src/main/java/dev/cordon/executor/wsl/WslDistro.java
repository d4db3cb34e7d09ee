package dev.cordon.executor.wsl;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A dedicated WSL2 distribution, as a file in {@code distros/} defines it.
 *
 * @param name the WSL distribution name, e.g. {@code cordon-alpine}
 * @param rootfs where the root file system tarball comes from ({@code https:} or {@code file:})
 * @param sha256 the tarball's SHA-256, lower-case hex: a download that does not match is refused
 * @param user the unprivileged user commands run as; empty means root
 * @param path the {@code PATH} commands get inside the distribution
 * @param preInstall shell commands run as root, in order, before the packages are installed
 * @param packages packages installed at setup
 * @param packageInstall the install command, with {@code {packages}} where the names go
 * @param hint what the model is told about the environment its commands run in
 */
public record WslDistro(
        String name,
        URI rootfs,
        String sha256,
        Optional<String> user,
        String path,
        List<String> preInstall,
        List<String> packages,
        String packageInstall,
        String hint) {

    public static final String DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    public static final String PACKAGES_PLACEHOLDER = "{packages}";

    public WslDistro {
        preInstall = List.copyOf(preInstall);
        packages = List.copyOf(packages);
    }

    /** The install command for this distribution's packages, or empty when there are none. */
    public Optional<String> installCommand() {
        if (packages.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(packageInstall.replace(PACKAGES_PLACEHOLDER, String.join(" ", packages)));
    }
}
