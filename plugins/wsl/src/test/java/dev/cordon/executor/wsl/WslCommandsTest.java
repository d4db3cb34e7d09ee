package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WslCommandsTest {

    static final String WSL = "C:\\Windows\\System32\\wsl.exe";
    static final WslDistro DISTRO = new WslDistro("cordon-test", URI.create("file:///r.tgz"), "0".repeat(64), Optional.of("agent"),
            "/usr/bin:/bin", List.of("apk update", "adduser -D agent"), List.of("git", "py3-pip"), "apk add {packages}",
            "a hint");

    @Test
    void setupImportsInstallsConfiguresAndStops() throws Exception {
        assertEquals(List.of(
                        List.of(WSL, "--import", "cordon-test", "C:\\Users\\me\\AppData\\Local\\cordon\\wsl\\cordon-test",
                                "C:\\cache\\r.tar.gz", "--version", "2"),
                        List.of(WSL, "-d", "cordon-test", "-u", "root", "--exec", "/bin/sh", "-c", "apk update"),
                        List.of(WSL, "-d", "cordon-test", "-u", "root", "--exec", "/bin/sh", "-c", "adduser -D agent"),
                        List.of(WSL, "-d", "cordon-test", "-u", "root", "--exec", "/bin/sh", "-c", "apk add git py3-pip"),
                        List.of(WSL, "-d", "cordon-test", "-u", "root", "--exec", "/bin/sh", "-c",
                                "printf '%s\\n' '[interop]' 'enabled=false' 'appendWindowsPath=false' '[user]' 'default=agent'"
                                        + " > /etc/wsl.conf && printf '%s\\n' 'cordon-test' > /etc/cordon-distro"),
                        List.of(WSL, "--terminate", "cordon-test")),
                WslCommands.setup(WSL, DISTRO, "C:\\Users\\me\\AppData\\Local\\cordon\\wsl\\cordon-test", "C:\\cache\\r.tar.gz"));
    }

    @Test
    void aCommandRunsThroughEnvWithTheTranslatedDirectoryAndEnvironment() throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "C:\\Windows\\system32;C:\\Windows");
        env.put("HOME", "C:\\Users\\me");
        env.put("LANG", "C.UTF-8");
        assertEquals(List.of(WSL, "-d", "cordon-test", "-u", "agent", "--cd", "/mnt/c/Users/me/my proj/src", "--exec",
                        "/usr/bin/env", "-i", "HOME=/mnt/c/Users/me", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
                        "git", "commit", "-m", "it's a message", "C:\\not\\translated"),
                WslCommands.run(WSL, DISTRO, "C:\\Users\\me\\my proj", "c:/users/ME/my proj/src", env, Limits.NONE,
                        List.of("git", "commit", "-m", "it's a message", "C:\\not\\translated")));
    }

    @Test
    void limitsAddAShellThatSetsThemFirst() throws Exception {
        WslDistro asRoot = new WslDistro("d", URI.create("file:///r"), "0".repeat(64), Optional.empty(), "/bin", List.of(), List.of(),
                "", "");
        assertEquals(List.of(WSL, "-d", "d", "--cd", "/mnt/c/w", "--exec", "/usr/bin/env", "-i",
                        "/bin/sh", "-c", "ulimit -t 10 && ulimit -f 2048 && ulimit -v 262144 && ulimit -u 32 && exec \"$@\"",
                        "cordon-wsl", "make"),
                WslCommands.run(WSL, asRoot, "C:\\w", "C:\\w", Map.of(), new Limits(32, 256L << 20, 10, 1L << 20), List.of("make")));
    }

    @Test
    void aWorkingDirectoryOutsideTheWorkspaceIsRefused() {
        assertRefused("the working directory `c:/Users/me/project` is outside the workspace `c:/Users/me/proj`",
                "C:\\Users\\me\\proj", "C:\\Users\\me\\project", List.of("ls"));
        assertRefused("the working directory `c:/Users` is outside the workspace `c:/Users/me/proj`",
                "C:\\Users\\me\\proj", "C:\\Users\\me\\proj\\..\\..", List.of("ls"));
        assertRefused("`\\\\server\\share` is on a network share, which WSL does not mount under /mnt",
                "\\\\server\\share", "\\\\server\\share", List.of("ls"));
    }

    @Test
    void whatCannotCrossTheWindowsCommandLineIsRefused() {
        assertRefused("argument `say \"hi\"` holds a double quote, which cannot cross the Windows command line of wsl.exe intact",
                "C:\\w", "C:\\w", List.of("echo", "say \"hi\""));
        assertRefused("wsl cannot run a program named `A=B`: `env` would read it as an option or a variable",
                "C:\\w", "C:\\w", List.of("A=B"));
        assertRefused("wsl cannot run a program named `-i`: `env` would read it as an option or a variable",
                "C:\\w", "C:\\w", List.of("-i", "sh"));
        assertRefused("argument `a?b` holds a control character", "C:\\w", "C:\\w", List.of("echo", "a\nb"));
    }

    @Test
    void theEnvironmentIsTranslatedAndChecked() throws Exception {
        assertEquals(List.of("TMPDIR=/mnt/d/tmp", "X=plain value"),
                WslEnvironment.assignments(Map.of("X", "plain value", "TMPDIR", "D:\\tmp"), DISTRO));
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> WslEnvironment.assignments(Map.of("TOKEN", "a\"b"), DISTRO));
        assertEquals("environment variable `TOKEN=a\"b` holds a double quote, which cannot cross the Windows command line of"
                + " wsl.exe intact", error.getMessage());
    }

    private static void assertRefused(String message, String workspace, String cwd, List<String> argv) {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> WslCommands.run(WSL, DISTRO, workspace, cwd, Map.of(), Limits.NONE, argv));
        assertEquals(message, error.getMessage());
    }
}
