package dev.cordon.executor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel facts the core can read without native calls, for {@code cordon sandbox status}. What
 * needs a system call (the Landlock ABI) comes from the executors' own probes.
 */
public final class KernelReport {

    private KernelReport() {
    }

    /** The facts, with the disk bound of {@code workspace}. */
    public static Map<String, String> read(Path workspace) {
        Map<String, String> facts = read();
        if (facts.containsKey("kernel")) {
            facts.put("workspace disk", WorkspaceDisk.describe(workspace));
        }
        return facts;
    }

    public static Map<String, String> read() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        if (!System.getProperty("os.name").toLowerCase().contains("linux")) {
            return facts;
        }
        facts.put("kernel", first("/proc/sys/kernel/osrelease", "unknown"));
        facts.put("seccomp", statusLine("Seccomp:") == null ? "not available" : "available");
        String maxUserNs = first("/proc/sys/user/max_user_namespaces", "0");
        facts.put("user namespaces", "0".equals(maxUserNs) ? "disabled" : "enabled (max " + maxUserNs + ")");
        facts.put("cgroups", cgroupLayout());
        facts.put("running as", isRoot() ? "root" : "non-root user");
        return facts;
    }

    private static boolean isRoot() {
        String uid = statusLine("Uid:");
        return uid != null && uid.split("\\s+").length > 1 && uid.split("\\s+")[1].equals("0");
    }

    private static String cgroupLayout() {
        try {
            List<String> mounts = Files.readAllLines(Path.of("/proc/self/mounts"));
            boolean v2 = mounts.stream().anyMatch(m -> m.split(" ").length > 2 && m.split(" ")[2].equals("cgroup2"));
            boolean v1 = mounts.stream().anyMatch(m -> m.split(" ").length > 2 && m.split(" ")[2].equals("cgroup"));
            if (v1 && v2) {
                return "v1 controllers + v2 hierarchy";
            }
            return v2 ? "v2" : v1 ? "v1" : "none mounted";
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String statusLine(String key) {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith(key)).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static String first(String file, String fallback) {
        try {
            return Files.readString(Path.of(file)).trim();
        } catch (IOException e) {
            return fallback;
        }
    }
}
