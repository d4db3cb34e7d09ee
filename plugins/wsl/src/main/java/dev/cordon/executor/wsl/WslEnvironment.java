package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The command's environment inside the distribution: the request's variables, made to make sense
 * in Linux. A {@code PATH} becomes the distribution's (the Windows one names Windows directories), and a
 * value that is a Windows drive path ({@code HOME=C:\Users\me}) becomes its {@code /mnt} twin.
 * They are set by {@code env -i}, so nothing of wsl.exe's own environment reaches the command.
 */
final class WslEnvironment {

    private WslEnvironment() {
    }

    /** {@code NAME=value} assignments for {@code env -i}, sorted by name. */
    static List<String> assignments(Map<String, String> env, WslDistro distro) throws ExecutorException {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> entry : new TreeMap<>(env).entrySet()) {
            String name = entry.getKey();
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.chars().anyMatch(c -> c <= ' ')) {
                throw new ExecutorException("environment variable name `" + name.replaceAll("\\p{Cntrl}", "?")
                        + "` cannot be passed into WSL");
            }
            String value = entry.getValue();
            if (name.equals("PATH")) {
                value = distro.path();
            } else if (WslPaths.isDrivePath(value)) {
                value = WslPaths.toLinux(value);
            }
            String assignment = name + "=" + value;
            WslCommandLine.check(assignment, "environment variable");
            out.add(assignment);
        }
        return out;
    }
}
