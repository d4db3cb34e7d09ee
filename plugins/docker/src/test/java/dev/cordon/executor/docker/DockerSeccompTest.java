package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DockerSeccompTest {

    @Test
    void everyAbiOfTheMachineIsCovered() {
        assertEquals(Optional.of(List.of("SCMP_ARCH_X86_64", "SCMP_ARCH_X86", "SCMP_ARCH_X32")), DockerSeccomp.architectures("amd64"));
        assertEquals(Optional.of(List.of("SCMP_ARCH_AARCH64", "SCMP_ARCH_ARM")), DockerSeccomp.architectures("aarch64"));
        assertEquals(Optional.empty(), DockerSeccomp.architectures("s390x"));
    }

    @Test
    void theProfileAllowsByDefaultAndRefusesTheListedCallsAndNamespaceFlags() {
        String profile = DockerSeccomp.profile(List.of("SCMP_ARCH_X86_64"));
        assertTrue(profile.startsWith("{\"defaultAction\":\"SCMP_ACT_ALLOW\",\"architectures\":[\"SCMP_ARCH_X86_64\"],\"syscalls\":"
                + "[{\"names\":[\"ptrace\",\"process_vm_readv\","), profile);
        assertTrue(profile.contains("\"personality\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":1}"
                + ",{\"names\":[\"clone3\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":38}"
                + ",{\"names\":[\"clone\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":1,\"args\":[{\"index\":0,\"value\":131072,"
                + "\"valueTwo\":131072,\"op\":\"SCMP_CMP_MASKED_EQ\"}]}"), profile);
        assertTrue(profile.endsWith(",{\"names\":[\"clone\"],\"action\":\"SCMP_ACT_ERRNO\",\"errnoRet\":1,\"args\":[{\"index\":0,"
                + "\"value\":128,\"valueTwo\":128,\"op\":\"SCMP_CMP_MASKED_EQ\"}]}]}"), profile);
        for (String call : List.of("ptrace", "mount", "unshare", "setns", "bpf", "keyctl", "io_uring_setup", "open_by_handle_at",
                "kexec_load", "init_module", "reboot", "swapon", "personality", "userfaultfd", "perf_event_open", "fsopen")) {
            assertTrue(DockerSeccomp.REFUSED.contains(call), call);
        }
        assertEquals(profile.chars().filter(c -> c == '{').count(), profile.chars().filter(c -> c == '}').count());
    }
}
