package dev.cordon.executor.landlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.linux.Prctl;
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
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the landlock executor does beyond the conformance suite. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LandlockExecutorBehaviourTest {

    @TempDir
    Path temp;

    private LandlockExecutor executor;
    private Fixture fixture;

    @BeforeEach
    void setUp() throws Exception {
        executor = new LandlockExecutor();
        Probe probe = executor.probe();
        assumeTrue(probe.available(), probe.summary());
        fixture = Fixture.create(temp);
    }

    @AfterEach
    void tearDown() {
        executor.close();
    }

    @Test
    void theProbeReportsTheAbiAndWhatIsEnforced() {
        Probe probe = executor.probe();
        assertTrue(probe.facts().containsKey("landlock.abi"), probe.facts().toString());
        assertTrue(Integer.parseInt(probe.facts().get("landlock.abi.used")) >= 1);
        assertTrue(probe.enforced().stream().anyMatch(line -> line.startsWith("files:")), probe.enforced().toString());
        assertTrue(probe.summary().startsWith("landlock abi "), probe.summary());
    }

    @Test
    void theJvmItselfStaysUnconfined() throws Exception {
        ExecResult result = executor.execute(fixture.sh("echo inside", Duration.ofSeconds(10)), OutputListener.NONE);
        assertEquals("inside\n", result.stdout());
        assertEquals(0, Prctl.seccompMode());
        Files.writeString(fixture.outside().resolve("from-jvm"), "ok");
        try (ServerSocket socket = new ServerSocket(0)) {
            assertTrue(socket.getLocalPort() > 0);
        }
    }

    @Test
    void theSessionKeyringIsOutOfReach() throws Exception {
        assumeTrue("amd64".equals(System.getProperty("os.arch")), "keyctl number for x86_64");
        // keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0)
        ExecResult result = executor.execute(fixture.sh("perl -e 'syscall(250, 0, -3, 0) == -1 ? print qq($!\\n) : print qq(read\\n)'",
                Duration.ofSeconds(10)), OutputListener.NONE);
        assertEquals("Operation not permitted\n", result.stdout());
    }

    @Test
    void theChildHoldsNoCapabilities() throws Exception {
        ExecResult result = executor.execute(fixture.sh("grep ^Cap /proc/self/status", Duration.ofSeconds(10)), OutputListener.NONE);
        assertEquals("CapInh:\t0000000000000000\nCapPrm:\t0000000000000000\nCapEff:\t0000000000000000\n"
                + "CapBnd:\t0000000000000000\nCapAmb:\t0000000000000000\n", result.stdout());
    }

    @Test
    void coreDumpsAreOffAndCannotBeTurnedOn() throws Exception {
        ExecResult result = executor.execute(fixture.sh("ulimit -c; ulimit -H -c; ulimit -c unlimited 2>/dev/null || echo refused",
                Duration.ofSeconds(10)), OutputListener.NONE);
        assertEquals("0\n0\nrefused\n", result.stdout());
    }

    @Test
    void signalsCannotReachOutsideTheSandbox() throws Exception {
        assumeTrue(Integer.parseInt(executor.probe().facts().get("landlock.abi.used")) >= 6, "signal scoping needs abi 6");
        Process outsider = new ProcessBuilder("sleep", "30").start();
        try {
            ExecResult result = executor.execute(fixture.sh("kill -TERM " + outsider.pid() + " && echo sent || echo refused",
                    Duration.ofSeconds(10)), OutputListener.NONE);
            assertEquals("refused\n", result.stdout());
            assertTrue(outsider.isAlive());
        } finally {
            outsider.destroyForcibly();
        }
    }

    @Test
    void refusesAnAllowListWithoutItsProxyAndSaysADenyListIsNotKernelEnforced() throws Exception {
        Confinement allowList = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST,
                List.of("registry.npmjs.org:443"), List.of()), Limits.NONE);
        ExecutorException refused = assertThrows(ExecutorException.class, () -> executor.execute(
                fixture.request(List.of("true"), Duration.ofSeconds(5), allowList), OutputListener.NONE));
        assertEquals("a network allow-list needs cordon's egress proxy, and none was started for this run",
                refused.getMessage());
        Confinement fullWithDeny = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(),
                List.of("169.254.169.254:*")), Limits.NONE);
        ExecResult open = executor.execute(fixture.request(List.of("true"), Duration.ofSeconds(5), fullWithDeny),
                OutputListener.NONE);
        assertEquals(0, open.exitCode());
        assertTrue(open.notes().contains("landlock executor: the network is open; the denied destinations "
                + "(`169.254.169.254:*`) are refused by the policy, not by the kernel"), open.notes()::toString);
    }

    @Test
    void fullNetworkStillRefusesUnixSockets() throws Exception {
        Confinement full = fixture.confinement(new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of()), Limits.NONE);
        try (ServerSocket server = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            ExecResult result = executor.execute(fixture.request(List.of("perl", "-MIO::Socket::INET", "-MIO::Socket::UNIX", "-e",
                    "print IO::Socket::INET->new(PeerAddr => q(127.0.0.1:" + server.getLocalPort() + ")) ? qq(tcp\\n) : qq(no tcp\\n);"
                            + " print IO::Socket::UNIX->new(Peer => q(/run/docker.sock)) ? qq(unix\\n) : qq(no unix: $!\\n)"),
                    Duration.ofSeconds(10), full), OutputListener.NONE);
            assertEquals("tcp\nno unix: Operation not permitted\n", result.stdout());
        }
    }

    @Test
    void killEndsARunningCommandAndItsTree() throws Exception {
        ExecRequest request = fixture.sh("sleep 30 & sleep 30", Duration.ofSeconds(30));
        CompletableFuture<ExecResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return executor.execute(request, OutputListener.NONE);
            } catch (ExecutorException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(500);
        long start = System.nanoTime();
        executor.kill(request.runId());
        ExecResult result = running.get(10, TimeUnit.SECONDS);
        assertTrue(System.nanoTime() - start < 5_000_000_000L);
        assertEquals(9, result.signal());
        assertTrue(result.notes().contains("cancelled; the process tree was killed"), result.notes().toString());
    }

    @Test
    void runsSeveralCommandsAtOnce() throws Exception {
        List<CompletableFuture<ExecResult>> runs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int n = i;
            runs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return executor.execute(fixture.sh("echo run-" + n + "; sleep 0.2", Duration.ofSeconds(20)), OutputListener.NONE);
                } catch (ExecutorException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (int i = 0; i < runs.size(); i++) {
            assertEquals("run-" + i + "\n", runs.get(i).get(30, TimeUnit.SECONDS).stdout());
        }
    }

    @Test
    void claimsEveryCapabilityWhereCgroupsWork() {
        assumeTrue(executor.probe().facts().getOrDefault("cgroups", "").startsWith("v"), "no cgroups here");
        assumeTrue(dev.cordon.linux.NetworkNamespace.unavailable().isEmpty(), "no network namespace for allow-lists");
        assertEquals(java.util.EnumSet.allOf(Capability.class), executor.capabilities());
    }

    @Test
    void isFoundByTheServiceLoader() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == LandlockExecutor.class));
    }
}
