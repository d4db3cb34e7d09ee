package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.executor.testkit.ExecutorConformance;
import dev.cordon.executor.testkit.Survivors;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite plus what is particular to bwrap, each checked from outside the sandbox:
 * root inside holds no capability, masks survive attempts to remove them, protected paths that do
 * not exist yet cannot be created and leave nothing behind, and bwrap's own refusals are told
 * apart from the command's.
 */
class BwrapExecutorTest extends ExecutorConformance {

    @Override
    protected Executor createExecutor() {
        return new BwrapExecutor();
    }

    @Test
    void claimsEveryIsolationItsProbeConfirmedAndReportsTheVersion() {
        java.util.Set<Capability> expected = java.util.EnumSet.allOf(Capability.class);
        if (probe().facts().get("socat.path").startsWith("(")) {
            expected.remove(Capability.NETWORK_ALLOW_LIST);
        }
        assertEquals(expected, executor.capabilities());
        assertTrue(probe().facts().get("bwrap.version").matches("\\d+\\.\\d+\\.\\d+"), probe().facts()::toString);
        assertTrue(probe().summary().startsWith("bubblewrap "), probe().summary());
    }

    @Test
    void rootInsideHoldsNoCapabilitiesAndCannotRemoveAMask() throws Exception {
        Path key = fixture.secretDir().resolve("id_rsa");
        ExecResult result = sh("grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb):' /proc/self/status | tr -d '\\t';"
                + " umount " + quote(fixture.secretDir()) + " 2>/dev/null || echo umount refused;"
                + " umount -l " + quote(fixture.secretDir()) + " 2>/dev/null || echo lazy umount refused;"
                + " mount -o remount,rw / 2>/dev/null || echo remount refused;"
                + " cat " + quote(key) + " 2>/dev/null || echo secret unreadable");

        assertEquals("""
                CapInh:0000000000000000
                CapPrm:0000000000000000
                CapEff:0000000000000000
                CapBnd:0000000000000000
                CapAmb:0000000000000000
                umount refused
                lazy umount refused
                remount refused
                secret unreadable
                """, result.stdout());
    }

    @Test
    void theSessionKeyringIsOutOfReach() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perl")), "perl is needed to call keyctl");
        assumeTrue("amd64".equals(System.getProperty("os.arch")), "keyctl number known for x86-64 only");
        // keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0): allowed outside, refused inside.
        String keyctl = "perl -e 'my $r = syscall(250, 0, -3, 0); print $r < 0 ? qq(keyctl refused\\n) : qq(keyring $r\\n)'";
        Process outside = new ProcessBuilder("/bin/sh", "-c", keyctl).start();
        assertTrue(new String(outside.getInputStream().readAllBytes()).startsWith("keyring "), "keyctl must work outside");

        ExecResult result = sh(keyctl + "; cat /proc/keys /proc/key-users 2>/dev/null; echo end");

        assertEquals("keyctl refused\nend\n", result.stdout());
    }

    @Test
    void missingProtectedPathsCannotBeCreatedAndLeaveNothingBehind() throws Exception {
        Path workspace = fixture.workspace();
        Files.createDirectories(workspace.resolve("app"));
        Confinement base = fixture.confinement(NetworkPolicy.NONE, Limits.NONE);
        List<Path> hidden = new ArrayList<>(base.hiddenPaths());
        hidden.add(workspace.resolve(".env"));
        hidden.add(workspace.resolve("app/config/credentials"));
        Confinement confinement = new Confinement(base.workspace(), base.readRoots(), base.writeRoots(),
                List.of(workspace.resolve(".git/hooks")), hidden, base.network(), base.limits());
        String script = "echo TOKEN=x > .env; mkdir -p app/config && echo key > app/config/credentials;"
                + " mv app app-moved 2>/dev/null || echo app pinned;"
                + " rm -f .env 2>/dev/null; mkdir -p .git/hooks 2>/dev/null || echo no hooks; ls -A | sort | tr '\\n' ' '";

        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", script), Duration.ofSeconds(20), confinement));

        assertEquals("app pinned\nno hooks\n.env .git app ", result.stdout());
        assertEquals(List.of("app"), list(workspace), "placeholders must be gone after the run");
        assertEquals(List.of(), list(workspace.resolve("app")));
        assertTrue(result.violations().stream().anyMatch(v -> v.detail().equals("write to .env: EACCES")),
                result.violations()::toString);
    }

    @Test
    void concurrentRunsShareAPlaceholderAndTheLastOneRemovesIt() throws Exception {
        Path env = fixture.workspace().resolve(".env");
        Path started = fixture.workspace().resolve("started");
        Path go = fixture.workspace().resolve("go");
        Confinement base = fixture.confinement(NetworkPolicy.NONE, Limits.NONE);
        List<Path> hidden = new ArrayList<>(base.hiddenPaths());
        hidden.add(env);
        Confinement confinement = new Confinement(base.workspace(), base.readRoots(), base.writeRoots(),
                base.readOnlyPaths(), hidden, base.network(), base.limits());
        CompletableFuture<ExecResult> slow = CompletableFuture.supplyAsync(() -> {
            try {
                return run(fixture.request(List.of("/bin/sh", "-c", "touch started; while [ ! -e go ]; do sleep 0.05; done;"
                        + " echo late > .env || echo still masked"), Duration.ofSeconds(20), confinement));
            } catch (ExecutorException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitFile(started);

        ExecResult quick = run(fixture.request(List.of("/bin/sh", "-c", "echo early > .env || echo masked"),
                Duration.ofSeconds(20), confinement));

        assertEquals("masked\n", quick.stdout());
        assertTrue(Files.exists(env), "the placeholder went away while another run still used it");
        Files.createFile(go);
        assertEquals("still masked\n", slow.get(20, TimeUnit.SECONDS).stdout());
        assertFalse(Files.exists(env), "the last run must remove the placeholder");
    }

    @Test
    void aTimeoutUnderLimitsKillsEveryDetachedProcessThroughTheCgroup() throws Exception {
        Survivors marked = Survivors.newMarker();
        String sleep = "sleep " + marked.sleepArgument();
        try {
            ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "setsid " + sleep + " >/dev/null 2>&1 & nohup "
                    + sleep + " >/dev/null 2>&1 & (" + sleep + " >/dev/null 2>&1 &); " + sleep),
                    Duration.ofSeconds(1), NetworkPolicy.NONE, new Limits(64, 256L << 20, 0, 0)));

            assertTrue(result.timedOut());
            assertEquals(List.of(), marked.awaitGone(2000), "processes survived the timeout");
        } finally {
            marked.killLeftovers();
        }
    }

    @Test
    void aProtectedDirectorysParentCannotBeMovedAsideToPlantAHook() throws Exception {
        Path hooks = Files.createDirectories(fixture.workspace().resolve(".git/hooks"));
        Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE, List.of(hooks));
        String script = "mv .git .git-old 2>/dev/null || echo git pinned;"
                + " mv .git/hooks .git/hooks-old 2>/dev/null || echo hooks pinned;"
                + " rm -rf .git/hooks 2>/dev/null || echo hooks kept;"
                + " echo 'rm -rf ~' > .git/hooks/pre-commit 2>/dev/null || echo no hook;"
                + " echo '[core]' > .git/config && echo config written";

        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", script), Duration.ofSeconds(20), confinement));

        assertEquals("git pinned\nhooks pinned\nhooks kept\nno hook\nconfig written\n", result.stdout());
        assertEquals(List.of(), list(hooks));
        assertFalse(Files.exists(fixture.workspace().resolve(".git-old")));
    }

    @Test
    void nothingOutsideTheRootsExistsAndTmpIsPrivateAndBounded() throws Exception {
        Path hostMarker = Files.writeString(Files.createTempFile("cordon-host-", ".txt"), "host\n");
        try {
            ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "ls -A / | tr '\\n' ' '; echo;"
                            + " cat " + quote(hostMarker) + " 2>/dev/null || echo host tmp hidden;"
                            + " echo private > /tmp/inside; df -k /tmp | tail -1 | tr -s ' ' | cut -d' ' -f2;"
                            + " hostname"),
                    Duration.ofSeconds(20), NetworkPolicy.NONE, new Limits(0, 32L << 20, 0, 0)));

            Set<String> root = Set.of(result.stdout().lines().findFirst().orElse("").split(" "));
            // The fixture's roots are the system directories and paths under /tmp: nothing else of
            // the host's / (its /root, /var, /home...) may appear, only the roots and their links.
            assertTrue(Set.of("bin", "sbin", "lib", "lib32", "lib64", "libx32", "dev", "etc", "proc", "tmp", "usr", "var")
                    .containsAll(root), root::toString);
            assertTrue(root.containsAll(Set.of("dev", "etc", "proc", "tmp", "usr")), root::toString);
            // /var holds only the private /var/tmp.
            assertEquals("tmp\n", run(fixture.request(List.of("/bin/sh", "-c", "ls -A /var"), Duration.ofSeconds(20),
                    NetworkPolicy.NONE, Limits.NONE)).stdout());
            assertEquals(List.of("host tmp hidden", "32768", "cordon"),
                    result.stdout().lines().skip(1).toList());
            assertFalse(Files.exists(Path.of("/tmp/inside")), "the private /tmp leaked to the host");
        } finally {
            Files.deleteIfExists(hostMarker);
        }
    }

    @Test
    void fullNetworkSharesTheHostsNetwork() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/perl")), "perl is needed to connect");
        NetworkPolicy full = new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of());
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Boolean> accepted = CompletableFuture.supplyAsync(() -> {
                try (Socket ignored = server.accept()) {
                    return true;
                } catch (IOException e) {
                    return false;
                }
            });
            ExecResult result = run(fixture.request(List.of("perl", "-MIO::Socket::INET", "-e",
                    "IO::Socket::INET->new(PeerAddr => q(127.0.0.1:" + server.getLocalPort() + ")) or die qq(connect: $!\\n);"
                            + " print qq(connected\\n)"), Duration.ofSeconds(20), full, Limits.NONE));

            assertEquals("connected\n", result.stdout(), result.stderr());
            assertTrue(accepted.get(5, TimeUnit.SECONDS));
            assertTrue(result.notes().contains("the command shared the host's network, as the profile allows"));
        }
    }

    @Test
    void refusesNetworkPoliciesItCannotEnforceWithoutRunningTheCommand() {
        Path marker = fixture.workspace().resolve("ran");
        NetworkPolicy allowList = new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST, List.of("example.org:443"), List.of());

        ExecutorException refused = assertThrows(ExecutorException.class, () -> run(fixture.request(
                List.of("/bin/sh", "-c", "touch ran"), Duration.ofSeconds(20), allowList, Limits.NONE)));

        assertEquals("a network allow-list needs cordon's egress proxy, and none was started for this run",
                refused.getMessage());
        assertFalse(Files.exists(marker));
    }

    @Test
    void aProgramThatDoesNotExistExitsLikeInAShell() throws Exception {
        ExecResult result = run(fixture.request(List.of("no-such-program-here"), Duration.ofSeconds(20),
                NetworkPolicy.NONE, Limits.NONE));

        assertEquals(127, result.exitCode());
        assertTrue(result.stderr().contains("no-such-program-here: not found"), result.stderr());
    }

    @Test
    void aSandboxBwrapCannotBuildIsRefusedAndTheCommandDoesNotRun() throws Exception {
        Path ghost = fixture.outside().resolve("ghost");
        // A host view that claims a read root exists which does not: bwrap itself then refuses.
        BwrapFileSystem host = new BwrapHostFileSystem();
        BwrapFileSystem lying = new BwrapFileSystem() {
            @Override
            public Kind kind(Path path) {
                return path.equals(ghost) ? Kind.DIRECTORY : host.kind(path);
            }

            @Override
            public Optional<Path> symlinkTarget(Path path) {
                return host.symlinkTarget(path);
            }

            @Override
            public Map<Path, Path> rootSymlinks() {
                return host.rootSymlinks();
            }
        };
        Confinement base = fixture.confinement(NetworkPolicy.NONE, Limits.NONE);
        List<Path> reads = new ArrayList<>(base.readRoots());
        reads.add(ghost);
        Confinement confinement = new Confinement(base.workspace(), reads, base.writeRoots(), List.of(),
                base.hiddenPaths(), base.network(), base.limits());
        try (BwrapExecutor lied = new BwrapExecutor(() -> BwrapBinary.locate(System.getenv("PATH")), lying)) {
            ExecutorException refused = assertThrows(ExecutorException.class, () -> lied.execute(
                    fixture.request(List.of("/bin/sh", "-c", "touch ran"), Duration.ofSeconds(20), confinement),
                    OutputListener.NONE));

            assertEquals("bwrap could not set up the sandbox: bwrap: Can't find source path " + ghost
                    + ": No such file or directory", refused.getMessage());
        }
        assertFalse(Files.exists(fixture.workspace().resolve("ran")));
    }

    @Test
    void withoutBubblewrapItIsUnavailableAndRefusesToRun() {
        try (BwrapExecutor missing = new BwrapExecutor(Optional::empty, new BwrapHostFileSystem())) {
            Probe probe = missing.probe();

            assertFalse(probe.available());
            assertEquals("bubblewrap is not installed: no `bwrap` on PATH; install the `bubblewrap` package", probe.summary());
            assertEquals(Set.of(), missing.capabilities());
            ExecutorException refused = assertThrows(ExecutorException.class,
                    () -> missing.execute(fixture.sh("true", Duration.ofSeconds(5)), OutputListener.NONE));
            assertEquals("the bwrap executor is not available: " + probe.summary(), refused.getMessage());
        }
    }

    @Test
    void killEndsARunningSandbox() throws Exception {
        ExecRequest request = fixture.sh("touch started; sleep 30", Duration.ofSeconds(30));
        CompletableFuture<ExecResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return run(request);
            } catch (ExecutorException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitFile(fixture.workspace().resolve("started"));
        long start = System.nanoTime();
        executor.kill(request.runId());
        ExecResult result = running.get(10, TimeUnit.SECONDS);

        assertTrue((System.nanoTime() - start) / 1_000_000 < 5000);
        assertEquals(9, result.signal());
        assertTrue(result.notes().contains("cancelled; the process tree was killed"), result.notes()::toString);
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(file)) {
            assertTrue(System.nanoTime() < deadline, "the first run did not start");
            Thread.sleep(20);
        }
    }

    private static List<String> list(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
