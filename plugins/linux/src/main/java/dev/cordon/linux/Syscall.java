package dev.cordon.linux;

/** System calls this library calls or filters, with their numbers on each {@link Arch}. */
public enum Syscall {
    // Called through JNA.
    LANDLOCK_CREATE_RULESET(444, 444),
    LANDLOCK_ADD_RULE(445, 445),
    LANDLOCK_RESTRICT_SELF(446, 446),
    SECCOMP(317, 277),
    PRLIMIT64(302, 261),
    CAPGET(125, 90),
    CAPSET(126, 91),
    GETTID(186, 178),
    STATX(332, 291),
    // Refused by the seccomp filter (unshare and the mount calls are also made through JNA, for a
    // spawning thread's private mounts, before the filter is installed).
    PTRACE(101, 117),
    PROCESS_VM_READV(310, 270),
    PROCESS_VM_WRITEV(311, 271),
    MOUNT(165, 40),
    UMOUNT2(166, 39),
    PIVOT_ROOT(155, 41),
    CHROOT(161, 51),
    FSOPEN(430, 430),
    FSCONFIG(431, 431),
    FSMOUNT(432, 432),
    FSPICK(433, 433),
    MOVE_MOUNT(429, 429),
    OPEN_TREE(428, 428),
    OPEN_TREE_ATTR(467, 467),
    MOUNT_SETATTR(442, 442),
    KEXEC_LOAD(246, 104),
    KEXEC_FILE_LOAD(320, 294),
    INIT_MODULE(175, 105),
    FINIT_MODULE(313, 273),
    DELETE_MODULE(176, 106),
    BPF(321, 280),
    REBOOT(169, 142),
    SWAPON(167, 224),
    SWAPOFF(168, 225),
    SETUID(105, 146),
    SETGID(106, 144),
    SETREUID(113, 145),
    SETREGID(114, 143),
    SETRESUID(117, 147),
    SETRESGID(119, 149),
    SETFSUID(122, 151),
    SETFSGID(123, 152),
    SETGROUPS(116, 159),
    UNSHARE(272, 97),
    SETNS(308, 268),
    IO_URING_SETUP(425, 425),
    IO_URING_ENTER(426, 426),
    IO_URING_REGISTER(427, 427),
    USERFAULTFD(323, 282),
    PERF_EVENT_OPEN(298, 241),
    KEYCTL(250, 219),
    ADD_KEY(248, 217),
    REQUEST_KEY(249, 218),
    ACCT(163, 89),
    QUOTACTL(179, 60),
    QUOTACTL_FD(443, 443),
    OPEN_BY_HANDLE_AT(304, 265),
    IOPL(172, -1),
    IOPERM(173, -1),
    // Refused only for some arguments.
    CLONE(56, 220),
    CLONE3(435, 435),
    PERSONALITY(135, 92),
    IOCTL(16, 29),
    SOCKET(41, 198);

    private final int x86;
    private final int arm;

    Syscall(int x86, int arm) {
        this.x86 = x86;
        this.arm = arm;
    }

    /** The number on the given architecture, or -1 where the call does not exist. */
    public int number(Arch arch) {
        switch (arch) {
            case X86_64:
                return x86;
            case AARCH64:
                return arm;
            default:
                throw new IllegalArgumentException("no syscall table for " + arch);
        }
    }
}
