package dev.cordon.executor.landlock;

import dev.cordon.executor.support.TextLines;
import dev.cordon.executor.support.TempTrees;
import dev.cordon.linux.KernelFacts;
import dev.cordon.linux.NetworkNamespace;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides availability the only way that cannot lie: confines {@code /bin/true} and a write to a
 * temporary file outside the write roots, and is available only when the write was refused and
 * the command still ran.
 */
final class LandlockProbe {

    private LandlockProbe() {
    }

    static Probe run(LandlockExecutor executor, LandlockHost host) {
        Map<String, String> facts = new LinkedHashMap<>(KernelFacts.read().asMap());
        facts.put("landlock.abi.used", Integer.toString(host.abi()));
        Optional<String> unusable = host.unusable();
        if (unusable.isPresent()) {
            return new Probe(false, unusable.get(), facts, List.of());
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("cordon-landlock-probe").toRealPath();
            Path inside = Files.createDirectory(dir.resolve("inside"));
            Path outside = Files.createDirectory(dir.resolve("outside"));
            Confinement confinement = new Confinement(inside, List.of(Path.of("/")), List.of(inside), List.of(), List.of(),
                    NetworkPolicy.NONE, Limits.NONE);
            ExecRequest request = new ExecRequest("landlock-probe-" + ProcessHandle.current().pid(),
                    List.of("/bin/sh", "-c", "echo escaped > " + outside.resolve("file") + "; /bin/true && echo ran > "
                            + inside.resolve("file")),
                    inside, Map.of("PATH", "/usr/bin:/bin"), confinement, Duration.ofSeconds(10), 4096);
            ExecResult result = executor.execute(request, OutputListener.NONE);
            if (Files.exists(outside.resolve("file"))) {
                return new Probe(false, "landlock did not hold: a write outside the write roots succeeded", facts, List.of());
            }
            if (result.exitCode() != 0 || !Files.exists(inside.resolve("file"))) {
                return new Probe(false, "a confined command did not run (exit " + result.exitCode() + "): "
                        + TextLines.first(result.stderr(), ""), facts, List.of());
            }
            return new Probe(true, "landlock abi " + host.abi() + ", seccomp and "
                    + (host.containsTrees() ? "cgroup " + host.cgroups().orElseThrow().describe() : "no cgroup")
                    + " confine each command", facts, enforced(host));
        } catch (ExecutorException | IOException | RuntimeException e) {
            return new Probe(false, "confining a probe command failed: " + e.getMessage(), facts, List.of());
        } finally {
            TempTrees.delete(dir);
        }
    }

    private static List<String> enforced(LandlockHost host) {
        List<String> enforced = new ArrayList<>();
        enforced.add("files: reads and executes limited to the read roots, writes to the write roots; hidden and "
                + "read-only paths carved out of read roots (landlock abi " + host.abi() + (host.abi() >= 3 ? ", truncate" : "")
                + (host.abi() >= 5 ? ", device ioctl" : "") + ")");
        if (host.mounts()) {
            enforced.add("a private mount namespace per run: everything outside the write roots read-only (no chmod, "
                    + "chown, utime or xattr there), protected paths inside write roots read-only and pinned, hidden "
                    + "paths there masked, private /tmp, /var/tmp and /dev/shm");
        } else {
            enforced.add("not by the kernel (" + host.mountProblem().orElse("") + "): metadata outside the write roots, "
                    + "protected paths inside write roots, missing hidden paths there and the temp size; runs that "
                    + "need them are refused unless the profile says enforce: best-effort");
        }
        enforced.add("network off: " + (host.abi() >= 4 ? "tcp bind and connect refused by landlock; " : "")
                + "every socket family refused by seccomp");
        enforced.add("network on: unix-domain sockets refused by seccomp (host sockets such as docker.sock); "
                + "deny-lists are left to the policy layer and said so in each result");
        enforced.add(host.fencesAllowLists()
                ? "network allow-list: a network namespace of the run's own with only loopback, where cordon's egress"
                        + " proxy listens and decides every connection" + (host.abi() >= 4
                        ? "; tcp connect to the proxy's port only and no bind (landlock)" : "")
                        + "; only ip sockets (seccomp)"
                : "network allow-list: refused, " + NetworkNamespace.unavailable().orElse(""));
        if (host.abi() >= 6) {
            enforced.add("signals and abstract unix sockets cannot reach outside the sandbox (landlock abi 6)");
        }
        enforced.add("seccomp: ptrace, mount, namespaces, kexec, modules, bpf, set*id, keyrings, io_uring, "
                + "terminal injection and more refused");
        enforced.add("no-new-privs; every capability dropped, including the bounding and ambient sets");
        if (host.containsTrees()) {
            enforced.add("process tree: cgroup " + host.cgroups().orElseThrow().describe()
                    + "; everything the command starts is killed when it ends or times out");
        }
        if (host.limitsResources()) {
            enforced.add("limits: processes, memory" + (host.cgroups().orElseThrow().limitsCpu() ? " and the cpu share" : "")
                    + " of the whole tree by cgroup; cpu seconds, file size and core=0 by rlimits set right after the start");
        }
        return enforced;
    }
}
