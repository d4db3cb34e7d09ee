package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.executor.bwrap.BwrapArguments.Init;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BwrapArgumentsTest {

    private static final FakeFileSystem FILES = new FakeFileSystem().dir("/usr").dir("/ws");

    @Test
    void isolatesEverythingAndPassesExactlyTheRequestsEnvironmentWithItsOwnTemp() throws Exception {
        ExecRequest request = request(NetworkPolicy.NONE, List.of("/ws"),
                Map.of("PATH", "/usr/bin", "HOME", "/ws", "A", "x y", "TMPDIR", "/home/u/tmp"));

        List<String> expected = new ArrayList<>(List.of(
                "--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
                "--die-with-parent", "--as-pid-1", "--new-session", "--hostname", "cordon", "--clearenv",
                "--setenv", "A", "x y", "--setenv", "HOME", "/ws", "--setenv", "PATH", "/usr/bin",
                "--setenv", "TMPDIR", "/tmp"));
        expected.addAll(plan(request).arguments());
        expected.addAll(List.of("--remount-ro", "/", "--chdir", "/ws", "--add-seccomp-fd", "3", "--json-status-fd", "5"));
        assertEquals(expected, BwrapArguments.options(request, plan(request)));
    }

    @Test
    void sharesTheNetworkOnlyWhenItIsFull() throws Exception {
        NetworkPolicy full = new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of());
        ExecRequest request = request(full, List.of("/ws"), Map.of());

        List<String> options = BwrapArguments.options(request, plan(request));

        assertEquals(List.of("--unshare-all", "--share-net", "--unshare-user"), options.subList(0, 3));
        assertEquals(List.of("--add-seccomp-fd", "3", "--json-status-fd", "5"), options.subList(options.size() - 4, options.size()));
    }

    @Test
    void givesAnAllowListItsOwnNetworkAndSharesTheNetworkDespiteADenyList() throws Exception {
        NetworkPolicy allowList = new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST, List.of("repo.maven.apache.org:443"), List.of());
        NetworkPolicy fullWithDeny = new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of("169.254.169.254:*"));
        ExecRequest allowListed = request(allowList, List.of("/ws"), Map.of());
        ExecRequest denying = request(fullWithDeny, List.of("/ws"), Map.of());

        assertFalse(BwrapArguments.options(allowListed, plan(allowListed)).contains("--share-net"),
                "an allow-list reaches out only through the egress proxy");
        assertTrue(BwrapArguments.options(denying, plan(denying)).contains("--share-net"),
                "a deny-list on an open network is left to the policy layer");
    }

    @Test
    void aWritableHostRootStaysWritable() throws Exception {
        ExecRequest request = request(NetworkPolicy.NONE, List.of("/"), Map.of());

        List<String> options = BwrapArguments.options(request, plan(request));

        assertEquals(-1, Collections.indexOfSubList(options, List.of("--remount-ro", "/")));
        assertEquals(List.of("--bind", "/", "/"), options.subList(options.indexOf("--bind"), options.indexOf("--bind") + 3));
    }

    @Test
    void refusesEnvironmentEntriesAProgramCannotReceive() throws Exception {
        ExecRequest badName = request(NetworkPolicy.NONE, List.of("/ws"), Map.of("A=B", "x"));
        ExecRequest nul = request(NetworkPolicy.NONE, List.of("/ws"), Map.of("A", "x\0y"));

        assertEquals("environment variable name `A=B` is not valid", assertThrows(ExecutorException.class,
                () -> BwrapArguments.options(badName, plan(badName))).getMessage());
        assertEquals("environment variable `A` contains a NUL byte, which cannot be passed to a program",
                assertThrows(ExecutorException.class,
                        () -> BwrapArguments.options(nul, plan(nul))).getMessage());
    }

    @Test
    void theCommandFollowsTheSeparatorUnchanged() throws Exception {
        ExecRequest request = new ExecRequest("r", List.of("--version", "a b", ""), Path.of("/ws"), Map.of(),
                confinement(NetworkPolicy.NONE, List.of("/ws")), Duration.ofSeconds(5), 1024);
        ExecRequest nul = new ExecRequest("r", List.of("echo", "a\0b"), Path.of("/ws"), Map.of(),
                confinement(NetworkPolicy.NONE, List.of("/ws")), Duration.ofSeconds(5), 1024);

        assertEquals(List.of("--", "--version", "a b", ""), BwrapArguments.command(request, Init.COMMAND));
        assertEquals(List.of("--", "/bin/sh", "-c", "unset PWD; exec 3>&2 2>/dev/null; (exec \"$@\" 2>&3 3>&-); exit $?",
                "sh", "--version", "a b", ""), BwrapArguments.command(request, Init.SHELL));
        assertEquals("exec 3>&2 2>/dev/null; (exec \"$@\" 2>&3 3>&-); exit $?", BwrapArguments.initScript(Map.of("PWD", "/ws")));
        assertEquals("argument contains a NUL byte, which cannot be passed to a program",
                assertThrows(ExecutorException.class, () -> BwrapArguments.command(nul, Init.SHELL)).getMessage());
    }

    @Test
    void theInitShellSetsTheRlimitsBeforeAnythingElseOrRunsNothing() {
        BwrapRlimits rlimits = BwrapRlimits.of(new Limits(0, 0, 7, 1 << 20), BwrapRlimits.MemoryEnforcement.CGROUP);

        assertEquals("{ ulimit -c 0 && ulimit -S -t 7 && ulimit -H -t 8 && ulimit -f 2048; } || { echo '"
                + BwrapArguments.LIMITS_FAILED + "' >&2; exit 125; }; unset PWD; exec 3>&2 2>/dev/null; (exec \"$@\" 2>&3 3>&-);"
                + " exit $?", BwrapArguments.initScript(Map.of(), Optional.empty(), rlimits));
        assertEquals("unset PWD; exec 3>&2 2>/dev/null; (exec \"$@\" 2>&3 3>&-); exit $?",
                BwrapArguments.initScript(Map.of(), Optional.empty(), BwrapRlimits.NONE), "no limits, no ulimit");
    }

    @Test
    void theInitShellRunsNothingWhenALimitCannotBeSet(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path ran = dir.resolve("ran");
        String init = BwrapArguments.initScript(Map.of(), Optional.empty(), new BwrapRlimits(2000, 0, 0));
        // A hard limit below the one asked for, which no unprivileged shell can raise.
        Process shell = new ProcessBuilder("/bin/sh", "-c", "ulimit -t 1000 && exec /bin/sh -c \"$1\" sh touch \"$2\"",
                "outer", init, ran.toString()).start();
        String stderr = new String(shell.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);

        assertEquals(BwrapArguments.LIMITS_FAILED_STATUS, shell.waitFor());
        assertTrue(stderr.lines().anyMatch(BwrapArguments.LIMITS_FAILED::equals), stderr);
        assertFalse(java.nio.file.Files.exists(ran), "the command ran without its limits");
    }

    @Test
    void encodesOptionsNulTerminatedForArgs() {
        assertArrayEquals("--chdir\0/a b\0\0".getBytes(StandardCharsets.UTF_8),
                BwrapArguments.encode(List.of("--chdir", "/a b", "")));
    }

    private static BwrapMountPlan plan(ExecRequest request) throws ExecutorException {
        return BwrapMountPlan.plan(request.confinement(), request.cwd(), FILES, 1 << 20);
    }

    private static ExecRequest request(NetworkPolicy network, List<String> writeRoots, Map<String, String> env) {
        return new ExecRequest("run-1", List.of("true"), Path.of("/ws"), env, confinement(network, writeRoots),
                Duration.ofSeconds(5), 1024);
    }

    private static Confinement confinement(NetworkPolicy network, List<String> writeRoots) {
        return new Confinement(Path.of("/ws"), List.of(Path.of("/usr")), writeRoots.stream().map(Path::of).toList(),
                List.of(), List.of(), network, Limits.NONE);
    }
}
