package dev.cordon.executor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether the workspace's disk use is bounded, read from {@code /proc/self/mountinfo}: only a
 * project quota could bound a directory tree of a shared file system (ext4 mounted with
 * {@code prjquota}, xfs with {@code pquota}/{@code prjquota}), and cordon does not set one. So
 * the answer is always "not bounded", with the reason that fits the file system; per-file size is
 * still limited by {@code file_size_mb}, and the private temp by {@code tmp_mb}.
 */
public final class WorkspaceDisk {

    private WorkspaceDisk() {
    }

    /** One line for {@code sandbox status}. */
    public static String describe(Path workspace) {
        try {
            return describe(workspace.toRealPath(), Files.readAllLines(Path.of("/proc/self/mountinfo")));
        } catch (IOException e) {
            return "not bounded (the mount table cannot be read: " + e.getMessage() + ")";
        }
    }

    static String describe(Path workspace, List<String> mountinfo) {
        String[] best = null;
        int bestDepth = -1;
        for (String line : mountinfo) {
            int separator = line.indexOf(" - ");
            if (separator < 0) {
                continue;
            }
            String[] before = line.substring(0, separator).split(" ");
            String[] after = line.substring(separator + 3).split(" ");
            if (before.length < 6 || after.length < 3) {
                continue;
            }
            Path point = Path.of(before[4].replace("\\040", " "));
            if (workspace.startsWith(point) && point.getNameCount() >= bestDepth) {
                bestDepth = point.getNameCount();
                best = new String[] {point.toString(), after[0], after[1], after[2]};
            }
        }
        if (best == null) {
            return "not bounded (no mount holds `" + workspace + "`)";
        }
        String where = "`" + best[0] + "` (" + best[1] + " on " + best[2] + ")";
        String options = "," + best[3].toLowerCase(Locale.ROOT) + ",";
        boolean projectQuota = options.contains(",prjquota,") || options.contains(",pquota,")
                || options.contains(",prjjquota,");
        if (best[1].equals("tmpfs")) {
            return "not bounded beyond the size of " + where + "; only each file's size (file_size_mb) is limited";
        }
        return projectQuota
                ? "not bounded: " + where + " allows a project quota, but cordon does not set one; only each file's "
                        + "size (file_size_mb) is limited"
                : "not bounded: " + where + " is not mounted with project quotas; only each file's size (file_size_mb) "
                        + "is limited";
    }
}
