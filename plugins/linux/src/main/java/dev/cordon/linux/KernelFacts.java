package dev.cordon.linux;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the running kernel offers for sandboxing, for {@code cordon sandbox status} and probes.
 *
 * @param arch the CPU architecture, or {@code unsupported (name)}
 * @param landlockAbi the Landlock ABI, 0 when missing or disabled
 * @param seccomp whether seccomp filters are available
 * @param userNamespaces whether this user may create user namespaces
 * @param cgroups how run cgroups would be made, or why they cannot
 */
public record KernelFacts(String arch, int landlockAbi, boolean seccomp, boolean userNamespaces, String cgroups) {

    /** Reads the facts of this machine; never throws. */
    public static KernelFacts read() {
        String arch = Arch.current().map(a -> a.name().toLowerCase(java.util.Locale.ROOT))
                .orElse("unsupported (" + System.getProperty("os.arch") + ")");
        String cgroups;
        try {
            cgroups = Cgroups.open().describe();
        } catch (KernelException e) {
            cgroups = "unavailable: " + e.getMessage();
        }
        return new KernelFacts(arch, Arch.current().isPresent() ? Landlock.abi() : 0, Seccomp.available(),
                userNamespacesAllowed(), cgroups);
    }

    /** The facts as {@code key=value} entries, e.g. {@code landlock.abi=7}. */
    public Map<String, String> asMap() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("arch", arch);
        facts.put("landlock.abi", Integer.toString(landlockAbi));
        facts.put("seccomp", Boolean.toString(seccomp));
        facts.put("user_namespaces", Boolean.toString(userNamespaces));
        facts.put("cgroups", cgroups);
        return facts;
    }

    private static boolean userNamespacesAllowed() {
        if (readNumber(Path.of("/proc/sys/user/max_user_namespaces"), 0) <= 0) {
            return false;
        }
        // Debian and Ubuntu kernels can forbid them for unprivileged users.
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!root && readNumber(Path.of("/proc/sys/kernel/unprivileged_userns_clone"), 1) == 0) {
            return false;
        }
        return root || readNumber(Path.of("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"), 0) == 0;
    }

    private static long readNumber(Path file, long missing) {
        return ProcFiles.number(file, missing);
    }
}
