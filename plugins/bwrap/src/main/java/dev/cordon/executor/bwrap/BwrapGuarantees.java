package dev.cordon.executor.bwrap;

import dev.cordon.linux.Cgroups;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** What the kernel keeps of a confinement under bwrap, as far as the probe confirmed it here. */
final class BwrapGuarantees {

    private BwrapGuarantees() {
    }

    static List<Guarantee> of(Confinement confinement, BwrapProbe.Outcome outcome) {
        List<Guarantee> out = new ArrayList<>();
        Set<Capability> confirmed = outcome.capabilities();
        boolean available = outcome.host().isPresent();
        for (Promise promise : Promise.madeBy(confinement)) {
            if (!available) {
                out.add(Guarantee.policy(promise, "bwrap is unavailable: " + outcome.probe().summary()));
                continue;
            }
            BwrapHost host = outcome.host().orElseThrow();
            out.add(switch (promise) {
                case WRITE_ROOTS -> Guarantee.kernel(promise, "only the write roots are bound writable");
                case METADATA -> Guarantee.kernel(promise, "everything outside the write roots is read-only or absent");
                case READ_ROOTS -> Guarantee.kernel(promise, "only the read roots are mounted");
                case HIDDEN_PATHS -> Guarantee.kernel(promise, "masked (files that exist at the start; a file created "
                        + "later is the command's own)");
                case PROTECTED_PATHS -> Guarantee.kernel(promise, "bound read-only, missing ones onto an empty "
                        + "placeholder file, their parents pinned so they cannot be moved aside");
                case PRIVATE_TEMP -> Guarantee.kernel(promise, "fresh tmpfs on /tmp, /var/tmp and /dev/shm; TMPDIR=/tmp");
                case TEMP_SIZE -> Guarantee.kernel(promise, "tmpfs size; the number of files only through the memory "
                        + "cgroup (bwrap cannot set nr_inodes)");
                case NETWORK -> switch (confinement.network().mode()) {
                    case NONE -> confirmed.contains(Capability.NETWORK_ISOLATION)
                            ? Guarantee.kernel(promise, "a network namespace with only loopback")
                            : Guarantee.policy(promise, "the probe saw no network namespace of its own");
                    case ALLOW_LIST -> confirmed.contains(Capability.NETWORK_ALLOW_LIST)
                            ? Guarantee.kernel(promise, "a network namespace with only loopback, where only the"
                                    + " egress proxy answers; it decides every connection")
                            : Guarantee.policy(promise, "an allow-list needs root, or socat to bridge the egress"
                                    + " proxy in: refused");
                    case FULL -> Guarantee.policy(promise, "the host network is shared whole; the denied destinations "
                            + "are refused by the policy only");
                };
                case PROCESS_TREE -> confirmed.contains(Capability.PROCESS_TREE)
                        ? Guarantee.kernel(promise, "a PID namespace that ends with the command")
                        : Guarantee.policy(promise, "the probe saw no PID namespace of its own");
                case PROCESSES -> host.limitsProcesses()
                        ? Guarantee.kernel(promise, "pids cgroup")
                        : Guarantee.policy(promise, "no pids cgroup: " + host.cgroupProblem());
                case MEMORY -> host.memoryEnforcement() == BwrapRlimits.MemoryEnforcement.CGROUP
                        ? Guarantee.kernel(promise, "memory cgroup")
                        : Guarantee.policy(promise, "no memory cgroup, only each process's address space is limited");
                case CPU_SHARE -> host.cgroups().filter(Cgroups::limitsCpu).isPresent()
                        ? Guarantee.kernel(promise, "cpu cgroup bandwidth (" + host.cgroups().orElseThrow().cpuControl() + ")")
                        : Guarantee.policy(promise, "no cpu cgroup controller can be used here");
                case CPU_TIME -> Guarantee.kernel(promise, "RLIMIT_CPU per process");
                case FILE_SIZE -> Guarantee.kernel(promise, "RLIMIT_FSIZE");
            });
        }
        return out;
    }
}
