package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code wsl.exe} argv this executor runs: the setup steps of a distribution, its status
 * and reset, and a command. Commands go through {@code --exec} (no shell of the distribution
 * reads them) and {@code env -i} (nothing of wsl.exe's environment comes along).
 */
final class WslCommands {

    /** Written at setup; the probe reads it back to know the distribution is the one set up. */
    static final String MARKER = "/etc/cordon-distro";
    static final String SHELL_NAME = "cordon-wsl";

    private WslCommands() {
    }

    /** The steps of {@code cordon sandbox setup}, in order, once the rootfs tarball is on disk. */
    static List<List<String>> setup(String wslExe, WslDistro distro, String installDir, String tarball)
            throws ExecutorException {
        WslCommandLine.check(List.of(installDir, tarball), "path");
        List<List<String>> steps = new ArrayList<>();
        steps.add(List.of(wslExe, "--import", distro.name(), installDir, tarball, "--version", "2"));
        for (String command : distro.preInstall()) {
            steps.add(asRoot(wslExe, distro, command));
        }
        Optional<String> install = distro.installCommand();
        if (install.isPresent()) {
            steps.add(asRoot(wslExe, distro, install.get()));
        }
        steps.add(asRoot(wslExe, distro, configuration(distro)));
        // wsl.conf is read when the distribution starts: stop it so the next command starts it anew.
        steps.add(terminate(wslExe, distro));
        return steps;
    }

    /** Windows interop off (no starting Windows programs from inside), the marker, the default user. */
    static String configuration(WslDistro distro) {
        List<String> lines = new ArrayList<>(List.of("[interop]", "enabled=false", "appendWindowsPath=false"));
        distro.user().ifPresent(user -> lines.addAll(List.of("[user]", "default=" + user)));
        StringBuilder script = new StringBuilder("printf '%s\\n'");
        for (String line : lines) {
            script.append(" '").append(line).append('\'');
        }
        return script.append(" > /etc/wsl.conf && printf '%s\\n' '").append(distro.name()).append("' > ").append(MARKER)
                .toString();
    }

    static List<String> asRoot(String wslExe, WslDistro distro, String shellCommand) throws ExecutorException {
        WslCommandLine.check(shellCommand, "command");
        return List.of(wslExe, "-d", distro.name(), "-u", "root", "--exec", "/bin/sh", "-c", shellCommand);
    }

    static List<String> list(String wslExe) {
        return List.of(wslExe, "--list", "--verbose");
    }

    static List<String> terminate(String wslExe, WslDistro distro) {
        return List.of(wslExe, "--terminate", distro.name());
    }

    static List<String> unregister(String wslExe, WslDistro distro) {
        return List.of(wslExe, "--unregister", distro.name());
    }

    /**
     * {@code wsl.exe -d NAME [-u USER] --cd DIR --exec env -i VARS… [sh -c LIMITS cordon-wsl] argv…}.
     *
     * @param workspace the workspace, a Windows path
     * @param cwd the working directory, a Windows path that must lie inside the workspace
     */
    static List<String> run(String wslExe, WslDistro distro, String workspace, String cwd, Map<String, String> env,
            Limits limits, List<String> argv) throws ExecutorException {
        String root = WslPaths.canonical(workspace);
        String directory = WslPaths.canonical(cwd);
        if (!WslPaths.inside(directory, root)) {
            throw new ExecutorException("the working directory `" + directory + "` is outside the workspace `" + root + "`");
        }
        // Spelled as the workspace is below its root: Windows matched it without regard to case.
        directory = root + directory.substring(root.length());
        String program = argv.get(0);
        if (program.isEmpty() || program.startsWith("-") || program.indexOf('=') >= 0) {
            throw new ExecutorException("wsl cannot run a program named `" + program + "`: `env` would read it as an option or a variable");
        }
        WslCommandLine.check(argv, "argument");
        List<String> out = new ArrayList<>(List.of(wslExe, "-d", distro.name()));
        if (distro.user().isPresent()) {
            out.addAll(List.of("-u", distro.user().get()));
        }
        out.addAll(List.of("--cd", WslPaths.toLinux(directory), "--exec", "/usr/bin/env", "-i"));
        out.addAll(WslEnvironment.assignments(env, distro));
        Optional<String> limitScript = WslLimits.script(limits);
        if (limitScript.isPresent()) {
            out.addAll(List.of("/bin/sh", "-c", limitScript.get(), SHELL_NAME));
        }
        out.addAll(argv);
        return out;
    }
}
