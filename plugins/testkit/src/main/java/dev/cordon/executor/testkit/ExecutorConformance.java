package dev.cordon.executor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.spi.Capability;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Promise;
import dev.cordon.spi.Violation;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The executor conformance suite. An executor's test extends this class and implements {@link
 * #createExecutor()}; every test runs against the real machine and checks from outside the
 * sandbox. Tests of a capability run only when the executor claims it, and everything is skipped
 * when its probe says it is unavailable here. See this module's README for the list.
 */
public abstract class ExecutorConformance extends KernelPromiseConformance {

    @Test
    void theProbeDescribesWhatIsEnforced() {
        Probe probe = probe();
        assertTrue(probe.available());
        assertFalse(probe.summary().isBlank());
        if (!executor.capabilities().isEmpty()) {
            assertFalse(probe.enforced().isEmpty(), "an isolating executor must say what it enforces");
        }
    }

    @Test
    void aWriteOutsideTheWriteRootsDoesNotHappen() throws Exception {
        assumeClaims(Capability.WRITE_ISOLATION);
        Path outsideNew = fixture.outside().resolve("created");
        Path outsideExisting = fixture.outside().resolve("existing");
        Path inside = fixture.workspace().resolve("created");
        ExecResult result = sh("echo pwned > " + quote(outsideNew) + "; echo pwned >> " + quote(outsideExisting)
                + "; echo ok > " + quote(inside) + "; mkdir " + quote(fixture.outside().resolve("dir"))
                + "; rm -f " + quote(outsideExisting) + "; echo finished");
        assertEquals("finished\n", result.stdout());
        assertFalse(Files.exists(outsideNew), "a file was created outside the write roots");
        assertFalse(Files.exists(fixture.outside().resolve("dir")), "a directory was created outside the write roots");
        assertEquals("untouched\n", Files.readString(outsideExisting), "a file outside the write roots was changed");
        assertEquals("ok\n", Files.readString(inside));
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.FILE_WRITE
                && v.detail().contains(outsideNew.toString())), () -> "no FILE_WRITE violation: " + result.violations());
    }

    @Test
    void newFilesAndFoldersCanBeCreatedAtTheWorkspaceRootNextToProtectedPaths() throws Exception {
        assumeClaims(Capability.WRITE_ISOLATION);
        Path project = Files.createDirectories(fixture.workspace().resolve("project"));
        Path hooks = Files.createDirectories(project.resolve(".git/hooks"));
        dev.cordon.spi.Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE,
                List.of(hooks, project.resolve(".git/config"), project.resolve(".vscode")));
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "cd " + quote(project)
                + " && echo ok > new.txt && mkdir newdir && echo ok > .git/index.lock && cat new.txt"),
                Duration.ofSeconds(20), confinement));
        assertEquals("ok\n", result.stdout(), result::toString);
        assertTrue(Files.isDirectory(project.resolve("newdir")));
        assertTrue(Files.exists(project.resolve(".git/index.lock")), "git must be able to lock its index");
    }

    @Test
    void aReadOnlyPathInsideTheWorkspaceStaysReadOnly() throws Exception {
        assumeClaims(Capability.WRITE_ISOLATION);
        Path hooks = Files.createDirectories(fixture.workspace().resolve("project/.git/hooks"));
        Path sample = Files.writeString(hooks.resolve("pre-commit.sample"), "sample\n");
        Path config = Files.writeString(fixture.workspace().resolve("project/.git/config"), "[core]\n");
        Path missing = fixture.workspace().resolve("project/.cordon");
        Path src = Files.createDirectories(fixture.workspace().resolve("project/src"));
        dev.cordon.spi.Confinement confinement = fixture.confinement(NetworkPolicy.NONE, Limits.NONE,
                List.of(hooks, config, missing));
        assumeKeeps(Promise.PROTECTED_PATHS, confinement);
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "echo evil > " + quote(hooks.resolve("pre-commit"))
                + "; echo evil >> " + quote(sample) + "; echo evil >> " + quote(config) + "; mkdir " + quote(missing)
                + "; rm -f " + quote(sample) + "; echo ok > " + quote(src.resolve("main.txt")) + "; cat " + quote(sample)),
                Duration.ofSeconds(20), confinement));
        assertFalse(Files.exists(hooks.resolve("pre-commit")), "a hook was created");
        assertEquals("sample\n", Files.readString(sample));
        assertEquals("[core]\n", Files.readString(config));
        assertFalse(Files.exists(missing), "a protected path that did not exist was created");
        assertEquals("ok\n", Files.readString(src.resolve("main.txt")), "the rest of the workspace must stay writable");
        assertEquals("sample\n", result.stdout(), "a read-only path must stay readable");
    }

    @Test
    void aHiddenSecretCannotBeRead() throws Exception {
        assumeClaims(Capability.READ_ISOLATION);
        Path key = fixture.secretDir().resolve("id_rsa");
        Path link = fixture.workspace().resolve("link");
        ExecResult result = sh("cat " + quote(key) + "; cat \"$HOME\"/.ssh/*; ln -s " + quote(key) + " " + quote(link)
                + "; cat " + quote(link) + "; cp -r \"$HOME/.ssh\" copied; cat copied/id_rsa; cat \"$HOME/.profile\"");
        assertFalse(result.stdout().contains(Fixture.secret()), "the secret was read: " + result.stdout());
        assertFalse(result.stderr().contains(Fixture.secret()), "the secret was read: " + result.stderr());
        assertEquals("# readable\n", result.stdout(), "a readable file next to the secret must stay readable");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.FILE_READ),
                () -> "no FILE_READ violation: " + result.violations());
    }

    @Test
    void aFileOutsideTheReadRootsCannotBeRead() throws Exception {
        assumeClaims(Capability.READ_ISOLATION);
        ExecResult result = sh("cat " + quote(fixture.outside().resolve("existing")) + "; ls " + quote(fixture.outside()) + "; echo end");
        assertEquals("end\n", result.stdout());
    }

    @Test
    void noTcpConnectionWithoutNetwork() throws Exception {
        assumeClaims(Capability.NETWORK_ISOLATION);
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(300);
            ExecResult result = sh("exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + " && echo connected",
                    Duration.ofSeconds(20));
            assertFalse(result.stdout().contains("connected"), result.stdout());
            assertFalse(accepted(server), "the listener saw a connection");
            ExecResult perl = sh("perl -MIO::Socket::INET -e 'IO::Socket::INET->new(PeerAddr => q(127.0.0.1:"
                    + server.getLocalPort() + ")) or die qq(connect: $!\\n); print qq(connected\\n)'");
            assertFalse(perl.stdout().contains("connected"), perl.stdout());
            assertFalse(accepted(server), "the listener saw a connection");
            assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.NETWORK)
                    || perl.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.NETWORK),
                    () -> "no NETWORK violation: " + result.stderr() + perl.stderr());
        }
    }

    @Test
    void noUdpWithoutNetwork() throws Exception {
        assumeClaims(Capability.NETWORK_ISOLATION);
        try (DatagramSocket server = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(300);
            sh("echo leak > /dev/udp/127.0.0.1/" + server.getLocalPort() + "; perl -MIO::Socket::INET -e "
                    + "'IO::Socket::INET->new(PeerAddr => q(127.0.0.1:" + server.getLocalPort()
                    + "), Proto => q(udp)) or die; print {$_} qq(leak)'");
            DatagramPacket packet = new DatagramPacket(new byte[64], 64);
            try {
                server.receive(packet);
                throw new AssertionError("a UDP datagram left the sandbox");
            } catch (SocketTimeoutException expected) {
                // Nothing arrived.
            }
        }
    }

    @Test
    void aForkBombIsStoppedByTheProcessLimit() throws Exception {
        assumeClaims(Capability.RESOURCE_LIMITS);
        // Bounded on purpose: 2^11 processes at most, so a broken limit cannot take the machine down.
        String bomb = "b() { [ $1 -gt 0 ] || { sleep 1; return; }; b $(($1-1)) & b $(($1-1)) & wait; }; b 10 2>/dev/null; echo survived";
        long start = System.nanoTime();
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", bomb), Duration.ofSeconds(30),
                NetworkPolicy.NONE, new Limits(24, 0, 0, 0)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 25_000, "took " + millis + " ms");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.PROCESS_LIMIT),
                () -> "no PROCESS_LIMIT violation: " + result.violations());
        assertMachineResponsive();
    }

    @Test
    void aMemoryBombIsStoppedByTheMemoryLimit() throws Exception {
        assumeClaims(Capability.RESOURCE_LIMITS);
        // 1 GiB at most, against a 64 MiB limit.
        ExecResult result = run(fixture.request(List.of("perl", "-e", "$x = 'x' x (1024 * 1024 * 1024); print qq(allocated\\n)"),
                Duration.ofSeconds(30), NetworkPolicy.NONE, new Limits(0, 64L << 20, 0, 0)));
        assertFalse(result.stdout().contains("allocated"), "the allocation succeeded");
        assertNotEquals(0, result.exitCode());
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.MEMORY_LIMIT),
                () -> "no MEMORY_LIMIT violation: " + result.violations());
        assertMachineResponsive();
    }

    @Test
    void aCpuLimitEndsABusyLoop() throws Exception {
        assumeClaims(Capability.RESOURCE_LIMITS);
        ExecResult result = run(fixture.request(List.of("perl", "-e", "1 while 1"), Duration.ofSeconds(20),
                NetworkPolicy.NONE, new Limits(0, 0, 1, 0)));
        assertFalse(result.timedOut(), "the CPU limit should end it before the timeout");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.CPU_LIMIT),
                () -> "no CPU_LIMIT violation: " + result.violations());
    }

    @Test
    void aFileSizeLimitStopsABigWrite() throws Exception {
        assumeClaims(Capability.RESOURCE_LIMITS);
        Path big = fixture.workspace().resolve("big");
        ExecResult result = run(fixture.request(List.of("/bin/sh", "-c", "head -c 10000000 /dev/zero > big"),
                Duration.ofSeconds(20), NetworkPolicy.NONE, new Limits(0, 0, 0, 1 << 20)));
        assertTrue(Files.size(big) <= 1 << 20, "wrote " + Files.size(big) + " bytes");
        assertTrue(result.violations().stream().anyMatch(v -> v.kind() == Violation.Kind.FILE_SIZE_LIMIT),
                () -> "no FILE_SIZE_LIMIT violation: " + result.violations() + " " + result.stderr());
    }

    @Test
    void ptraceMountAndUnshareFail() throws Exception {
        assumeClaims(Capability.WRITE_ISOLATION);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        assumeTrue(arch.equals("amd64") || arch.equals("aarch64"), "ptrace number unknown for " + arch);
        int ptrace = arch.equals("amd64") ? 101 : 117;
        Path mountPoint = Files.createDirectories(fixture.workspace().resolve("mnt"));
        try {
            ExecResult result = sh("perl -e 'syscall(" + ptrace + ", 0, 0, 0, 0) == -1 ? print qq(ptrace refused\\n) : print qq(ptrace allowed\\n)'; "
                    + "mount -t tmpfs none " + quote(mountPoint) + " 2>/dev/null && echo mount allowed || echo mount refused; "
                    + "unshare --user --map-root-user true 2>/dev/null && echo unshare allowed || echo unshare refused; "
                    + "unshare --mount true 2>/dev/null && echo unshare-mount allowed || echo unshare-mount refused");
            assertEquals("ptrace refused\nmount refused\nunshare refused\nunshare-mount refused\n", result.stdout());
        } finally {
            if (Files.readString(Path.of("/proc/self/mountinfo")).contains(mountPoint.toString())) {
                new ProcessBuilder("umount", "-l", mountPoint.toString()).start().waitFor();
                throw new AssertionError("a mount leaked into the host");
            }
        }
    }

    private static boolean accepted(ServerSocket server) throws IOException {
        try {
            Socket connection = server.accept();
            connection.close();
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    /** A plain process still starts and ends quickly. */
    private static void assertMachineResponsive() throws Exception {
        long start = System.nanoTime();
        Process check = new ProcessBuilder("true").start();
        assertTrue(check.waitFor(5, java.util.concurrent.TimeUnit.SECONDS), "the machine stopped responding");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5000, "starting true took " + millis + " ms");
    }
}
