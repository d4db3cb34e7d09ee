package dev.cordon.executor.docker;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The seccomp profile of every container, in docker's JSON format. Docker's built-in profile lets
 * a process trace its own children, which cordon's rule refuses everywhere; a profile cannot
 * extend the built-in one, so this one replaces it: everything is allowed except the calls
 * below, refused with {@code EPERM} on every ABI of the machine (so a 32-bit call cannot slip
 * past). They are the calls the built-in profile refuses to a process without capabilities,
 * plus tracing: debugging other processes, mounting (old and new API), namespaces, kernel
 * modules and images, BPF, keyrings, {@code userfaultfd}, {@code perf_event_open}, {@code
 * io_uring} (whose operations seccomp cannot see), file handles ({@code open_by_handle_at} was a
 * container escape), reboot, swap, accounting, clock and personality changes. {@code clone3}
 * answers "not implemented" so that the C library falls back to {@code clone}, whose namespace
 * flags can be inspected and are refused one by one. Names a kernel does not know are skipped by
 * docker, so the list may name calls of every architecture.
 */
final class DockerSeccomp {

    static final int EPERM = 1;
    static final int ENOSYS = 38;

    static final List<String> REFUSED = List.of(
            "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
            "mount", "umount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount",
            "open_tree", "mount_setattr", "unshare", "setns",
            "init_module", "finit_module", "delete_module", "create_module", "query_module", "get_kernel_syms",
            "kexec_load", "kexec_file_load", "bpf", "perf_event_open", "userfaultfd",
            "io_uring_setup", "io_uring_enter", "io_uring_register",
            "keyctl", "add_key", "request_key", "open_by_handle_at", "name_to_handle_at", "lookup_dcookie",
            "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "nfsservctl", "sysfs", "_sysctl", "uselib",
            "ustat", "vm86", "vm86old", "iopl", "ioperm", "syslog", "vhangup",
            "settimeofday", "stime", "clock_settime", "clock_adjtime", "adjtimex", "personality");

    /** {@code CLONE_NEWNS}, {@code NEWCGROUP}, {@code NEWUTS}, {@code NEWIPC}, {@code NEWUSER}, {@code NEWPID}, {@code NEWNET}, {@code NEWTIME}. */
    static final List<Long> NAMESPACE_FLAGS = List.of(0x00020000L, 0x02000000L, 0x04000000L, 0x08000000L, 0x10000000L,
            0x20000000L, 0x40000000L, 0x00000080L);

    private DockerSeccomp() {
    }

    /** The seccomp architectures of a machine ({@code os.arch}), or empty when this executor does not know them. */
    static Optional<List<String>> architectures(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> Optional.of(List.of("SCMP_ARCH_X86_64", "SCMP_ARCH_X86", "SCMP_ARCH_X32"));
            case "aarch64", "arm64" -> Optional.of(List.of("SCMP_ARCH_AARCH64", "SCMP_ARCH_ARM"));
            default -> Optional.empty();
        };
    }

    static String profile(List<String> architectures) {
        StringBuilder json = new StringBuilder();
        json.append("{\"defaultAction\":\"SCMP_ACT_ALLOW\",\"architectures\":").append(strings(architectures));
        json.append(",\"syscalls\":[");
        json.append("{\"names\":").append(strings(REFUSED)).append(",\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":").append(EPERM).append('}');
        json.append(",{\"names\":[\"clone3\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":").append(ENOSYS).append('}');
        for (long flag : NAMESPACE_FLAGS) {
            json.append(",{\"names\":[\"clone\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":").append(EPERM)
                    .append(",\"args\":[{\"index\":0,\"value\":").append(flag).append(",\"valueTwo\":").append(flag)
                    .append(",\"op\":\"SCMP_CMP_MASKED_EQ\"}]}");
        }
        return json.append("]}").toString();
    }

    private static String strings(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ",").append('"').append(values.get(i)).append('"');
        }
        return out.append(']').toString();
    }
}
