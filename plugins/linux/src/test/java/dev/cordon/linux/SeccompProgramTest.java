package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SeccompProgramTest {

    private static final int ALLOW = SeccompProgram.RET_ALLOW;
    private static final int EPERM = SeccompProgram.RET_ERRNO | Errno.EPERM;
    private static final int ENOSYS = SeccompProgram.RET_ERRNO | Errno.ENOSYS;
    private static final int KILL = SeccompProgram.RET_KILL_PROCESS;
    private static final int AUDIT_ARCH_I386 = 0x40000003;

    private static int run(Arch arch, SeccompProgram.Sockets sockets, Syscall syscall, long... args) {
        return new BpfInterpreter(SeccompProgram.build(arch, sockets)).run(arch.auditArch(), syscall.number(arch), args);
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void refusesEveryListedCallWithEperm(Arch arch) {
        for (Syscall syscall : SeccompProgram.REFUSED) {
            if (syscall.number(arch) >= 0) {
                assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, syscall), syscall.name());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void allowsOrdinaryCalls(Arch arch) {
        BpfInterpreter filter = new BpfInterpreter(SeccompProgram.build(arch, SeccompProgram.Sockets.NONE));
        // read, write, openat, execve, exit_group on each architecture
        int[] ordinary = arch == Arch.X86_64 ? new int[] {0, 1, 257, 59, 231} : new int[] {63, 64, 56, 221, 94};
        for (int nr : ordinary) {
            assertEquals(ALLOW, filter.run(arch.auditArch(), nr), "syscall " + nr);
        }
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void refusesCloneOnlyWithNamespaceFlags(Arch arch) {
        long forkLike = 0x01200011L; // CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD
        long threadLike = 0x003D0F00L; // what pthread_create passes
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.CLONE, forkLike));
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.CLONE, threadLike));
        for (long flag : new long[] {0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000}) {
            assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.CLONE, forkLike | flag), Long.toHexString(flag));
        }
        assertEquals(ENOSYS, run(arch, SeccompProgram.Sockets.ALL, Syscall.CLONE3));
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void allowsOnlyTheDefaultPersona(Arch arch) {
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.PERSONALITY, 0));
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.PERSONALITY, 0xFFFFFFFFL));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.PERSONALITY, 0x0040000)); // ADDR_NO_RANDOMIZE
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.PERSONALITY, 0x0008)); // PER_LINUX32
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void refusesTerminalInjection(Arch arch) {
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.IOCTL, 1, 0x5401)); // TCGETS
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.IOCTL, 1, 0x5412)); // TIOCSTI
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.IOCTL, 1, 0x541C)); // TIOCLINUX
        // The kernel reads cmd as a 32-bit value: high bits must not sneak TIOCSTI past the filter.
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL, Syscall.IOCTL, 1, 0x1_0000_5412L));
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void limitsSocketFamilies(Arch arch) {
        long inet = 2;
        long inet6 = 10;
        long netlink = 16;
        long unix = 1;
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL, Syscall.SOCKET, inet));
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.UNIX_ONLY, Syscall.SOCKET, unix));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.UNIX_ONLY, Syscall.SOCKET, inet));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.UNIX_ONLY, Syscall.SOCKET, inet6));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.UNIX_ONLY, Syscall.SOCKET, netlink));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.NONE, Syscall.SOCKET, unix));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.NONE, Syscall.SOCKET, inet));
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.ALL_BUT_UNIX, Syscall.SOCKET, unix));
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL_BUT_UNIX, Syscall.SOCKET, inet));
        assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.ALL_BUT_UNIX, Syscall.SOCKET, netlink));
        for (long family : new long[] {unix, inet, inet6, netlink}) {
            assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.UNIX_AND_IP, Syscall.SOCKET, family));
        }
        for (long family : new long[] {17, 40, 31}) { // packet, vsock, bluetooth: no namespace holds them
            assertEquals(EPERM, run(arch, SeccompProgram.Sockets.UNIX_AND_IP, Syscall.SOCKET, family));
            assertEquals(EPERM, run(arch, SeccompProgram.Sockets.IP_ONLY, Syscall.SOCKET, family));
        }
        for (long family : new long[] {inet, inet6, netlink}) {
            assertEquals(ALLOW, run(arch, SeccompProgram.Sockets.IP_ONLY, Syscall.SOCKET, family));
        }
        assertEquals(EPERM, run(arch, SeccompProgram.Sockets.IP_ONLY, Syscall.SOCKET, unix));
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void killsForeignArchitectures(Arch arch) {
        BpfInterpreter filter = new BpfInterpreter(SeccompProgram.build(arch, SeccompProgram.Sockets.ALL));
        assertEquals(KILL, filter.run(AUDIT_ARCH_I386, 1));
        Arch other = arch == Arch.X86_64 ? Arch.AARCH64 : Arch.X86_64;
        assertEquals(KILL, filter.run(other.auditArch(), 0));
    }

    @org.junit.jupiter.api.Test
    void refusesX32CallsOnX8664() {
        BpfInterpreter filter = new BpfInterpreter(SeccompProgram.build(Arch.X86_64, SeccompProgram.Sockets.ALL));
        assertEquals(EPERM, filter.run(Arch.X86_64.auditArch(), 0x40000000 + 1));
        assertEquals(EPERM, filter.run(Arch.X86_64.auditArch(), 0x40000000 + 101));
    }
}
