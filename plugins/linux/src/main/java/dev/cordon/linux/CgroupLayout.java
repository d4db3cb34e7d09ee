package dev.cordon.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where this process sits in each mounted cgroup hierarchy, read from {@code /proc/self/mountinfo}
 * and {@code /proc/self/cgroup}: the directory of its own cgroup per v1 controller, and in the
 * v2 hierarchy.
 *
 * @param v1 own cgroup directory per v1 controller ({@code pids}, {@code memory}, ...)
 * @param v2 own cgroup directory in the v2 hierarchy, if one is mounted
 */
public record CgroupLayout(Map<String, Path> v1, Optional<Path> v2) {

    public CgroupLayout {
        v1 = Map.copyOf(v1);
    }

    /** The layout of the running process. */
    public static CgroupLayout current() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/self/mountinfo")), Files.readAllLines(Path.of("/proc/self/cgroup")));
        } catch (IOException e) {
            return new CgroupLayout(Map.of(), Optional.empty());
        }
    }

    /** Parses the two files' lines. */
    public static CgroupLayout parse(List<String> mountinfo, List<String> cgroup) {
        Map<String, String> v1Paths = new LinkedHashMap<>();
        String v2Path = null;
        for (String line : cgroup) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3) {
                continue;
            }
            if (parts[0].equals("0") && parts[1].isEmpty()) {
                v2Path = parts[2];
            } else {
                for (String controller : parts[1].split(",")) {
                    v1Paths.put(controller, parts[2]);
                }
            }
        }
        Map<String, Path> v1 = new LinkedHashMap<>();
        Path v2 = null;
        for (String line : mountinfo) {
            Mount mount = Mount.parse(line);
            if (mount == null) {
                continue;
            }
            if (mount.type().equals("cgroup2") && v2Path != null && v2 == null) {
                v2 = mount.dirOf(v2Path);
            } else if (mount.type().equals("cgroup")) {
                for (String option : mount.superOptions().split(",")) {
                    String own = v1Paths.get(option);
                    if (own != null && !v1.containsKey(option)) {
                        v1.put(option, mount.dirOf(own));
                    }
                }
            }
        }
        return new CgroupLayout(v1, Optional.ofNullable(v2));
    }

    /** One line of mountinfo: mount root, mount point, file-system type and super options. */
    private record Mount(String root, Path point, String type, String superOptions) {

        static Mount parse(String line) {
            int separator = line.indexOf(" - ");
            if (separator < 0) {
                return null;
            }
            String[] before = line.substring(0, separator).split(" ");
            String[] after = line.substring(separator + 3).split(" ");
            if (before.length < 5 || after.length < 3) {
                return null;
            }
            return new Mount(unescape(before[3]), Path.of(unescape(before[4])), after[0], after[2]);
        }

        /** The directory of a cgroup path (as /proc/self/cgroup names it) under this mount. */
        Path dirOf(String cgroupPath) {
            String relative = cgroupPath;
            if (!root.equals("/") && relative.startsWith(root)) {
                relative = relative.substring(root.length());
            }
            relative = relative.replaceFirst("^/+", "");
            return relative.isEmpty() ? point : point.resolve(relative);
        }

        private static String unescape(String field) {
            return field.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
        }
    }
}
