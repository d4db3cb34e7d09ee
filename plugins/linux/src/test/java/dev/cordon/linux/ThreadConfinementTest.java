package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seccomp, Landlock, no-new-privs and capabilities applied to a spawning thread, tested on the real kernel. */
class ThreadConfinementTest {

    private static final byte[] FILTER = SeccompProgram.build(Arch.X86_64, SeccompProgram.Sockets.NONE);

    @BeforeAll
    static void linuxOnX8664() {
        assumeTrue(Arch.current().orElse(null) == Arch.X86_64, "x86_64 linux only");
    }

    private static final ThreadSetup SECCOMP = () -> {
        Prctl.setNoNewPrivs();
        Seccomp.install(FILTER);
    };

    @Test
    void seccompRefusesNamespacesAndSocketsInTheChildOnly() throws Exception {
        assumeTrue(Seccomp.available(), "seccomp unavailable");
        Child unshare = Child.run(SECCOMP, "unshare", "--user", "true");
        assertNotEquals(0, unshare.exitCode());
        assertTrue(unshare.stderr().contains("Operation not permitted"), unshare.stderr());

        Child socket = Child.run(SECCOMP, "perl", "-e", "socket(S, 2, 1, 0) or die qq(socket: $!\\n); print qq(open\\n)");
        assertEquals("socket: Operation not permitted\n", socket.stderr());

        Child plain = Child.run(SECCOMP, "sh", "-c", "echo fine");
        assertEquals(new Child(0, "fine\n", ""), plain);

        // The JVM's own threads are untouched.
        assertEquals(0, Prctl.seccompMode());
        assertFalse(Prctl.noNewPrivs());
        Child unconfined = Child.run(ThreadSetup.NONE, "perl", "-e", "socket(S, 2, 1, 0) or die qq(socket: $!\\n); print qq(open\\n)");
        assertEquals("open\n", unconfined.stdout());
    }

    @Test
    void seccompRefusesPtraceAndMount() throws Exception {
        assumeTrue(Seccomp.available(), "seccomp unavailable");
        // syscall(101 = ptrace, PTRACE_TRACEME) and syscall(165 = mount, ...) straight from perl.
        Child ptrace = Child.run(SECCOMP, "perl", "-e", "syscall(101, 0, 0, 0, 0) == -1 or die qq(allowed\\n); print qq($!\\n)");
        assertEquals("Operation not permitted\n", ptrace.stdout());
        Child mount = Child.run(SECCOMP, "sh", "-c", "mount -t tmpfs none /mnt");
        assertNotEquals(0, mount.exitCode());
        Child keyring = Child.run(SECCOMP, "perl", "-e", "syscall(250, 0, -3, 0) == -1 or die qq(allowed\\n); print qq($!\\n)");
        assertEquals("Operation not permitted\n", keyring.stdout());
    }

    @Test
    void landlockConfinesTheChildOnly(@TempDir Path temp) throws Exception {
        int abi = Landlock.abi();
        assumeTrue(abi >= 1, "landlock unavailable");
        Path allowed = Files.createDirectory(temp.resolve("allowed"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Path secret = Files.writeString(outside.resolve("secret"), "s3cret");
        ThreadSetup landlock = () -> {
            Prctl.setNoNewPrivs();
            try (LandlockRuleset ruleset = LandlockRuleset.create(Landlock.fsRights(abi), 0, 0)) {
                for (String system : List.of("/usr", "/bin", "/lib", "/lib64", "/etc", "/dev/null", System.getProperty("java.home"))) {
                    ruleset.allowPath(Path.of(system), Landlock.READ_RIGHTS, LandlockRuleset.Links.FOLLOW);
                }
                ruleset.allowPath(allowed, Landlock.fsRights(abi), LandlockRuleset.Links.FOLLOW);
                ruleset.restrictSelf();
            }
        };
        Child child = Child.run(landlock, "sh", "-c",
                "echo in > " + allowed + "/file; echo out > " + outside + "/file; cat " + secret + "; echo done");
        assertEquals("done\n", child.stdout());
        assertTrue(child.stderr().contains(outside + "/file: Permission denied"), child.stderr());
        assertTrue(child.stderr().contains(secret + ": Permission denied"), child.stderr());
        assertEquals("in\n", Files.readString(allowed.resolve("file")));
        assertFalse(Files.exists(outside.resolve("file")));
        // This thread was not restricted.
        Files.writeString(outside.resolve("file"), "jvm");
    }

    @Test
    void landlockTcpRulesRefuseConnectWhenHandled() throws Exception {
        int abi = Landlock.abi();
        assumeTrue(abi >= 4, "landlock network rules need abi 4");
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            ThreadSetup noTcp = () -> {
                Prctl.setNoNewPrivs();
                try (LandlockRuleset ruleset = LandlockRuleset.create(0, Landlock.netRights(abi), 0)) {
                    ruleset.restrictSelf();
                }
            };
            String connect = "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + " && echo connected";
            Child refused = Child.run(noTcp, "bash", "-c", connect);
            assertEquals("", refused.stdout());
            assertTrue(refused.stderr().contains("Permission denied"), refused.stderr());
            Child open = Child.run(ThreadSetup.NONE, "bash", "-c", connect);
            assertEquals("connected\n", open.stdout());
        }
    }

    @Test
    void droppedCapabilitiesStayDroppedAcrossExecAsRoot() throws Exception {
        Capabilities.Sets mine = Capabilities.current();
        ThreadSetup drop = () -> {
            Prctl.setNoNewPrivs();
            Capabilities.dropAllForThread();
        };
        Child child = Child.run(drop, "grep", "^Cap", "/proc/self/status");
        List<String> lines = Arrays.asList(child.stdout().split("\n"));
        assertEquals(List.of("CapInh:\t0000000000000000", "CapPrm:\t0000000000000000", "CapEff:\t0000000000000000",
                "CapBnd:\t0000000000000000", "CapAmb:\t0000000000000000"), lines);
        assertEquals(mine, Capabilities.current(), "the test thread kept its capabilities");
    }

    @Test
    void aFailedSetupStartsNothing(@TempDir Path temp) {
        Path marker = temp.resolve("ran");
        IOException failure = assertThrows(IOException.class, () -> Child.run(
                () -> {
                    throw new KernelException("setup refused", Errno.EPERM);
                },
                "sh", "-c", "touch " + marker));
        assertEquals("setup refused", failure.getMessage());
        assertFalse(Files.exists(marker));
    }

    @Test
    void rlimitsOfAChildCanBeSetAndRead() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "5").start();
        try {
            Rlimits.set(sleeper.pid(), Rlimits.Resource.CPU, 3, 4);
            Rlimits.set(sleeper.pid(), Rlimits.Resource.CORE, 0, 0);
            assertEquals(List.of(3L, 4L), Arrays.stream(Rlimits.get(sleeper.pid(), Rlimits.Resource.CPU)).boxed().toList());
            String limits = Files.readString(Path.of("/proc", Long.toString(sleeper.pid()), "limits"));
            assertTrue(limits.matches("(?s).*Max cpu time\\s+3\\s+4\\s+seconds.*"), limits);
            assertTrue(limits.matches("(?s).*Max core file size\\s+0\\s+0\\s+bytes.*"), limits);
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void landlockAbiMatchesTheKernelQuery() {
        int abi = Landlock.abi();
        assertTrue(abi >= 0 && abi <= 100);
        assertEquals(abi >= 4 ? Landlock.BIND_TCP | Landlock.CONNECT_TCP : 0, Landlock.netRights(abi));
    }
}
