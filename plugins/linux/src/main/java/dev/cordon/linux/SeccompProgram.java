package dev.cordon.linux;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Generates the seccomp filter of confined commands as classic BPF ({@code struct sock_filter}
 * entries). It is a deny-list: everything not named here is allowed, so programs keep working
 * on newer kernels; what is named is what lets a process escape or reach past its sandbox.
 *
 * <ul>
 *   <li>a foreign architecture (32-bit calls from a 64-bit process) kills the process; x32 calls
 *       ({@code nr >= 0x40000000}) are refused with EPERM</li>
 *   <li>ptrace, cross-process memory access, mounting (old and new mount API), chroot,
 *       pivot_root, kexec, module loading, bpf, reboot, swap, every set*id call, setgroups,
 *       unshare, setns, io_uring, userfaultfd, perf_event_open, the key-management calls (so the
 *       session keyring stays unreadable), acct, quotactl, open_by_handle_at, iopl and ioperm are
 *       refused with EPERM</li>
 *   <li>clone with any namespace flag and personality other than the default persona (or a
 *       query) are refused; clone3, whose flags live in memory a filter cannot read, fails with
 *       ENOSYS so that libc falls back to clone</li>
 *   <li>ioctl TIOCSTI and TIOCLINUX (typing into a terminal) are refused</li>
 *   <li>socket() is limited by {@link Sockets}</li>
 * </ul>
 */
public final class SeccompProgram {

    /** Which socket families {@code socket()} may create. */
    public enum Sockets {
        /** Every family: the network is open. */
        ALL,
        /** Only AF_UNIX: no network, local IPC still works. */
        UNIX_ONLY,
        /**
         * AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK: what programs need inside a network namespace
         * of their own; families a namespace does not hold (vsock, packet, bluetooth…) are refused.
         */
        UNIX_AND_IP,
        /** AF_INET, AF_INET6 and AF_NETLINK only: as {@link #UNIX_AND_IP}, without host unix sockets. */
        IP_ONLY,
        /** Every family but AF_UNIX: the network is open, host unix sockets are not. */
        ALL_BUT_UNIX,
        /** None: no network and no unix-domain sockets ({@code socketpair} still works). */
        NONE
    }

    static final int RET_KILL_PROCESS = 0x80000000;
    static final int RET_ERRNO = 0x00050000;
    static final int RET_ALLOW = 0x7FFF0000;

    static final int OFFSET_NR = 0;
    static final int OFFSET_ARCH = 4;
    /** Low 32 bits of argument i on a little-endian machine. */
    static final int OFFSET_ARG0 = 16;
    static final int OFFSET_ARG1 = 24;

    static final int X32_SYSCALL_BIT = 0x40000000;
    static final int NAMESPACE_FLAGS = 0x00020000 // CLONE_NEWNS
            | 0x02000000 // CLONE_NEWCGROUP
            | 0x04000000 // CLONE_NEWUTS
            | 0x08000000 // CLONE_NEWIPC
            | 0x10000000 // CLONE_NEWUSER
            | 0x20000000 // CLONE_NEWPID
            | 0x40000000; // CLONE_NEWNET
    static final int PER_LINUX = 0;
    static final int PERSONALITY_QUERY = 0xFFFFFFFF;
    static final int TIOCSTI = 0x5412;
    static final int TIOCLINUX = 0x541C;
    static final int AF_UNIX = 1;
    static final int AF_INET = 2;
    static final int AF_INET6 = 10;
    static final int AF_NETLINK = 16;

    /** Refused outright with EPERM. */
    static final List<Syscall> REFUSED = List.of(
            Syscall.PTRACE, Syscall.PROCESS_VM_READV, Syscall.PROCESS_VM_WRITEV,
            Syscall.MOUNT, Syscall.UMOUNT2, Syscall.PIVOT_ROOT, Syscall.CHROOT,
            Syscall.FSOPEN, Syscall.FSCONFIG, Syscall.FSMOUNT, Syscall.FSPICK, Syscall.MOVE_MOUNT,
            Syscall.OPEN_TREE, Syscall.OPEN_TREE_ATTR, Syscall.MOUNT_SETATTR,
            Syscall.KEXEC_LOAD, Syscall.KEXEC_FILE_LOAD, Syscall.INIT_MODULE, Syscall.FINIT_MODULE,
            Syscall.DELETE_MODULE, Syscall.BPF, Syscall.REBOOT, Syscall.SWAPON, Syscall.SWAPOFF,
            Syscall.SETUID, Syscall.SETGID, Syscall.SETREUID, Syscall.SETREGID, Syscall.SETRESUID,
            Syscall.SETRESGID, Syscall.SETFSUID, Syscall.SETFSGID, Syscall.SETGROUPS,
            Syscall.UNSHARE, Syscall.SETNS,
            Syscall.IO_URING_SETUP, Syscall.IO_URING_ENTER, Syscall.IO_URING_REGISTER,
            Syscall.USERFAULTFD, Syscall.PERF_EVENT_OPEN,
            Syscall.KEYCTL, Syscall.ADD_KEY, Syscall.REQUEST_KEY,
            Syscall.ACCT, Syscall.QUOTACTL, Syscall.QUOTACTL_FD, Syscall.OPEN_BY_HANDLE_AT,
            Syscall.IOPL, Syscall.IOPERM);

    /** Where the filter sends one system call number. */
    private record Route(int number, String target) {
    }

    /** Routes this many or fewer are compared one by one. */
    private static final int LEAF = 8;

    private SeccompProgram() {
    }

    /** The filter for an architecture and socket policy. */
    public static byte[] build(Arch arch, Sockets sockets) {
        Bpf bpf = new Bpf();
        bpf.load(OFFSET_ARCH).jumpIfEqual(arch.auditArch(), null, "kill");
        bpf.load(OFFSET_NR);
        if (arch == Arch.X86_64) {
            bpf.jumpIfAtLeast(X32_SYSCALL_BIT, "eperm", null);
        }
        List<Route> routes = new ArrayList<>();
        for (Syscall syscall : REFUSED) {
            routes.add(new Route(syscall.number(arch), "eperm"));
        }
        routes.add(new Route(Syscall.CLONE3.number(arch), "enosys"));
        routes.add(new Route(Syscall.CLONE.number(arch), "clone"));
        routes.add(new Route(Syscall.PERSONALITY.number(arch), "personality"));
        routes.add(new Route(Syscall.IOCTL.number(arch), "ioctl"));
        if (sockets != Sockets.ALL) {
            routes.add(new Route(Syscall.SOCKET.number(arch), "socket"));
        }
        routes.removeIf(route -> route.number() < 0);
        routes.sort(Comparator.comparingInt(Route::number));
        dispatch(bpf, routes, new int[1]);

        bpf.label("clone").load(OFFSET_ARG0).jumpIfAnyBit(NAMESPACE_FLAGS, "eperm", "allow");
        bpf.label("personality").load(OFFSET_ARG0).jumpIfEqual(PER_LINUX, "allow", null)
                .jumpIfEqual(PERSONALITY_QUERY, "allow", "eperm");
        bpf.label("ioctl").load(OFFSET_ARG1).jumpIfEqual(TIOCSTI, "eperm", null)
                .jumpIfEqual(TIOCLINUX, "eperm", "allow");
        if (sockets != Sockets.ALL) {
            bpf.label("socket");
            switch (sockets) {
                case UNIX_ONLY -> bpf.load(OFFSET_ARG0).jumpIfEqual(AF_UNIX, "allow", "eperm");
                case UNIX_AND_IP -> bpf.load(OFFSET_ARG0).jumpIfEqual(AF_UNIX, "allow", null)
                        .jumpIfEqual(AF_INET, "allow", null).jumpIfEqual(AF_INET6, "allow", null)
                        .jumpIfEqual(AF_NETLINK, "allow", "eperm");
                case IP_ONLY -> bpf.load(OFFSET_ARG0).jumpIfEqual(AF_INET, "allow", null)
                        .jumpIfEqual(AF_INET6, "allow", null).jumpIfEqual(AF_NETLINK, "allow", "eperm");
                case ALL_BUT_UNIX -> bpf.load(OFFSET_ARG0).jumpIfEqual(AF_UNIX, "eperm", "allow");
                case NONE -> bpf.jump("eperm");
                case ALL -> throw new IllegalStateException("no socket check for " + sockets);
            }
        }
        bpf.label("allow").ret(RET_ALLOW);
        bpf.label("eperm").ret(RET_ERRNO | Errno.EPERM);
        bpf.label("enosys").ret(RET_ERRNO | Errno.ENOSYS);
        bpf.label("kill").ret(RET_KILL_PROCESS);
        return bpf.assemble();
    }

    /**
     * A binary search over the sorted numbers, comparing one by one only in the leaves: every call
     * is routed in about a dozen instructions instead of one per listed call. It matters when the
     * filter is installed, on every run: the kernel then runs the filter for every system call
     * number (to cache the calls it always allows). Measured on the project's machines (median of
     * 400 installs on fresh threads, same load): the linear list (72 instructions) 72 µs, this
     * tree (86) 39 µs, a filter of one instruction 16 µs.
     */
    private static void dispatch(Bpf bpf, List<Route> routes, int[] labels) {
        if (routes.size() <= LEAF) {
            for (Route route : routes) {
                bpf.jumpIfEqual(route.number(), route.target(), null);
            }
            bpf.jump("allow");
            return;
        }
        int middle = routes.size() / 2;
        String upper = "upper-" + labels[0]++;
        bpf.jumpIfAtLeast(routes.get(middle).number(), upper, null);
        dispatch(bpf, routes.subList(0, middle), labels);
        bpf.label(upper);
        dispatch(bpf, routes.subList(middle, routes.size()), labels);
    }
}
