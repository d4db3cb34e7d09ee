package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Windows paths and their WSL twins. Windows paths are made comparable the way the policy layer
 * does it: forward slashes, a lower-case drive letter, {@code .} and {@code ..} collapsed
 * ({@code C:\Users\Me\..\Me} is {@code c:/Users/Me}); a drive path {@code c:/x} is {@code /mnt/c/x}
 * inside WSL. Windows compares names without regard to case, so containment does too. Paths WSL
 * cannot reach by a drive mount (network shares, device paths, drive-relative paths) are refused.
 */
final class WslPaths {

    private static final Pattern DRIVE = Pattern.compile("([A-Za-z]):[\\\\/](.*)", Pattern.DOTALL);
    private static final Pattern MOUNT = Pattern.compile("/mnt/([a-z])(?:/(.*))?", Pattern.DOTALL);
    private static final String FORBIDDEN = "<>\"|?*";

    private WslPaths() {
    }

    /** {@code c:/dir/file} from {@code C:\dir\.\file} and the like. */
    static String canonical(String windowsPath) throws ExecutorException {
        String path = windowsPath;
        if (path.startsWith("\\\\?\\") || path.startsWith("//?/")) {
            path = path.substring(4);
        }
        if (path.startsWith("\\\\") || path.startsWith("//")) {
            throw new ExecutorException("`" + windowsPath + "` is on a network share, which WSL does not mount under /mnt");
        }
        Matcher drive = DRIVE.matcher(path);
        if (!drive.matches()) {
            throw new ExecutorException("`" + windowsPath + "` is not an absolute Windows drive path");
        }
        Deque<String> names = new ArrayDeque<>();
        for (String name : drive.group(2).split("[\\\\/]")) {
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                names.pollLast();
                continue;
            }
            if (name.chars().anyMatch(c -> c < 0x20 || FORBIDDEN.indexOf(c) >= 0) || name.indexOf(':') >= 0) {
                throw new ExecutorException("`" + windowsPath + "` holds a character Windows does not allow in a name");
            }
            names.add(name);
        }
        return drive.group(1).toLowerCase(Locale.ROOT) + ":/" + String.join("/", names);
    }

    /** {@code /mnt/c/dir} for {@code C:\dir}. */
    static String toLinux(String windowsPath) throws ExecutorException {
        String canonical = canonical(windowsPath);
        String rest = canonical.substring(3);
        return "/mnt/" + canonical.charAt(0) + (rest.isEmpty() ? "" : "/" + rest);
    }

    /** {@code c:/dir} for {@code /mnt/c/dir}; empty for a path outside the drive mounts. */
    static Optional<String> toWindows(String linuxPath) {
        Matcher mount = MOUNT.matcher(linuxPath);
        if (!mount.matches()) {
            return Optional.empty();
        }
        String rest = mount.group(2) == null ? "" : mount.group(2);
        while (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        return Optional.of(mount.group(1) + ":/" + rest);
    }

    /** Whether {@code path} is {@code root} or below it, both canonical, ignoring case. */
    static boolean inside(String path, String root) {
        String p = path.toLowerCase(Locale.ROOT);
        String r = root.toLowerCase(Locale.ROOT);
        if (p.equals(r)) {
            return true;
        }
        String prefix = r.endsWith("/") ? r : r + "/";
        return p.startsWith(prefix);
    }

    /** Whether {@code value} looks like an absolute Windows drive path. */
    static boolean isDrivePath(String value) {
        return DRIVE.matcher(value).matches();
    }
}
