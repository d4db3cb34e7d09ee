package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.TextLines;
import dev.cordon.executor.support.TempTrees;
import dev.cordon.linux.Arch;
import dev.cordon.linux.Cgroups;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.KernelFacts;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Decides whether bwrap confines commands on this machine by confining one: it must write inside
 * its write root, fail to write outside, read nothing of a hidden secret, hold no capabilities,
 * get the rlimits in the units asked for, and live in namespaces of its own. Each check is read
 * from outside the sandbox (the files, bwrap's status) or from the kernel's own report
 * ({@code /proc/self/status}, {@code /proc/self/limits}).
 */
final class BwrapProbe {

    /** What the probe concluded, and the host facts runs then use. */
    record Outcome(Probe probe, Set<Capability> capabilities, Optional<BwrapHost> host) {

        static Outcome unavailable(String reason, Map<String, String> facts) {
            return new Outcome(new Probe(false, reason, facts, List.of()), Set.of(), Optional.empty());
        }
    }

    static final String SECRET = "cordon-probe-secret";
    private static final long PROBE_FILE_BYTES = 1 << 20;
    private static final long PROBE_CPU_SECONDS = 1000;
    private static final Duration VERSION_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration SURVIVOR_PATIENCE = Duration.ofSeconds(1);
    private static final List<Path> SYSTEM = Stream.of("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
            .map(Path::of).toList();

    private BwrapProbe() {
    }

    /** Never throws: whatever goes wrong makes the executor unavailable, with the reason. */
    static Outcome run(BwrapRunner runner, Optional<Path> binary) {
        Map<String, String> facts = new LinkedHashMap<>();
        try {
            return probe(runner, binary, facts);
        } catch (RuntimeException | LinkageError e) {
            return Outcome.unavailable("the bwrap probe failed: " + e, facts);
        }
    }

    private static Outcome probe(BwrapRunner runner, Optional<Path> binary, Map<String, String> facts) {
        if (binary.isEmpty()) {
            return Outcome.unavailable("bubblewrap is not installed: no `bwrap` on PATH; install the `bubblewrap` package",
                    facts);
        }
        facts.put("bwrap.path", binary.get().toString());
        Optional<Arch> arch = Arch.current();
        if (arch.isEmpty()) {
            return Outcome.unavailable("no seccomp filter exists for cpu architecture `" + System.getProperty("os.arch")
                    + "`", facts);
        }
        KernelFacts kernel = KernelFacts.read();
        facts.putAll(kernel.asMap());
        if (!kernel.seccomp()) {
            return Outcome.unavailable("the kernel offers no seccomp filters, which the bwrap executor requires", facts);
        }
        Optional<BwrapVersion> version;
        try {
            version = version(binary.get());
        } catch (IOException e) {
            return Outcome.unavailable("`bwrap --version` failed: " + e.getMessage(), facts);
        }
        if (version.isEmpty()) {
            return Outcome.unavailable("`bwrap --version` printed no bubblewrap version", facts);
        }
        facts.put("bwrap.version", version.get().toString());
        if (!version.get().isSupported()) {
            return Outcome.unavailable("bubblewrap " + version.get() + " is too old: " + BwrapVersion.MINIMUM
                    + " or newer is needed", facts);
        }
        Optional<Cgroups> cgroups;
        String cgroupProblem;
        try {
            cgroups = Optional.of(Cgroups.open());
            cgroupProblem = "";
        } catch (KernelException e) {
            cgroups = Optional.empty();
            cgroupProblem = e.getMessage();
        }
        Optional<Path> socat = BwrapBinary.locate("socat", System.getenv("PATH")).map(BwrapProbe::real);
        facts.put("socat.path", socat.map(Path::toString).orElse("(not installed)"));
        BwrapHost host = new BwrapHost(binary.get(), version.get(), arch.get(), cgroups, cgroupProblem, socat);
        try {
            return trial(runner, host, facts);
        } catch (ExecutorException e) {
            return Outcome.unavailable("bwrap cannot confine commands here: " + e.getMessage(), facts);
        } catch (IOException e) {
            return Outcome.unavailable("the bwrap probe could not prepare its files: " + e.getMessage(), facts);
        }
    }

    /** The program itself, so that the sandbox is checked for the file it will execute. */
    private static Path real(Path program) {
        try {
            return program.toRealPath();
        } catch (IOException e) {
            return program;
        }
    }

    private static Outcome trial(BwrapRunner runner, BwrapHost host, Map<String, String> facts)
            throws IOException, ExecutorException {
        Path dir = Files.createTempDirectory("cordon-bwrap-probe-").toRealPath();
        try {
            Path workspace = Files.createDirectory(dir.resolve("workspace"));
            Path outside = Files.createDirectory(dir.resolve("outside"));
            Path ssh = Files.createDirectories(dir.resolve("home/.ssh"));
            Files.writeString(ssh.resolve("id_ed25519"), SECRET);
            Limits limits = new Limits(host.limitsProcesses() ? 64 : 0, 0, PROBE_CPU_SECONDS, PROBE_FILE_BYTES);
            List<Path> reads = new ArrayList<>(SYSTEM.stream().filter(Files::exists).toList());
            reads.add(outside);
            reads.add(dir.resolve("home"));
            Confinement confinement = new Confinement(workspace, reads, List.of(workspace), List.of(), List.of(ssh),
                    NetworkPolicy.NONE, limits);
            // The background sleep must not outlive the run: the probe looks for it afterwards.
            String script = "sleep 600 & echo inside > marker; echo escaped > \"$1\"; cat \"$2\";"
                    + " cat /proc/self/status /proc/self/limits";
            List<String> argv = List.of("/bin/sh", "-c", script, "sh", outside.resolve("escape").toString(),
                    ssh.resolve("id_ed25519").toString());
            ExecRequest request = new ExecRequest("bwrap-probe-" + ProcessHandle.current().pid(), argv, workspace,
                    Map.of(), confinement, Duration.ofSeconds(20), 1 << 16);
            BwrapRunner.Run run = runner.run(host, request, OutputListener.NONE);
            return conclude(host, facts, run, workspace.resolve("marker"), outside.resolve("escape"));
        } finally {
            TempTrees.delete(dir);
        }
    }

    private static Outcome conclude(BwrapHost host, Map<String, String> facts, BwrapRunner.Run run, Path marker,
            Path escape) {
        ExecResult result = run.result();
        String out = result.stdout();
        if (!read(marker).strip().equals("inside")) {
            return Outcome.unavailable("the probe command could not write inside its workspace (exit "
                    + result.exitCode() + "): " + TextLines.first(result.stderr(), ""), facts);
        }
        if (Files.exists(escape)) {
            return Outcome.unavailable("a write outside the workspace was not refused", facts);
        }
        if (out.contains(SECRET)) {
            return Outcome.unavailable("a hidden file was readable inside the sandbox", facts);
        }
        if (!field(out, "CapEff:").equals("0000000000000000") || !field(out, "CapBnd:").equals("0000000000000000")) {
            return Outcome.unavailable("the command kept capabilities (CapEff " + field(out, "CapEff:") + ")", facts);
        }
        if (!limit(out, "Max file size").equals(PROBE_FILE_BYTES + " " + PROBE_FILE_BYTES)
                || !limit(out, "Max cpu time").equals(PROBE_CPU_SECONDS + " " + (PROBE_CPU_SECONDS + 1))
                || !limit(out, "Max core file size").equals("0 0")) {
            return Outcome.unavailable("/bin/sh did not set the rlimits as asked (file size `" + limit(out, "Max file size")
                    + "`, cpu `" + limit(out, "Max cpu time") + "`)", facts);
        }
        BwrapStatus status = run.status();
        if (!field(out, "Seccomp:").equals("2")) {
            return Outcome.unavailable("the seccomp filter was not in force inside the sandbox", facts);
        }
        Set<Capability> capabilities = EnumSet.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION);
        List<String> enforced = new ArrayList<>(List.of(
                "file system: only the read roots are visible, read-only; write roots read-write; hidden paths masked;"
                        + " missing protected paths reserved",
                "capabilities: none, in a user namespace of its own (nested user namespaces disabled)",
                "seccomp: ptrace, mount, namespaces, keyrings, bpf, module loading and similar calls refused",
                "private /tmp, /var/tmp and /dev/shm (TMPDIR=/tmp; the profile's tmp_mb, else the memory limit, else "
                        + (BwrapRunner.DEFAULT_TMP_BYTES >> 20) + " MiB), new session (no terminal injection)",
                "rlimits: cpu time, file size, core dumps off"));
        if (status.netNamespace().isPresent() && status.netNamespace().getAsLong() != namespace("net")) {
            capabilities.add(Capability.NETWORK_ISOLATION);
            enforced.add("network: a namespace of its own with only loopback unless the profile allows full access");
            if (BwrapNetworkFence.possible(host.socat())) {
                capabilities.add(Capability.NETWORK_ALLOW_LIST);
                enforced.add("network allow-list: cordon's egress proxy decides every connection; it answers on"
                        + " 127.0.0.1:3128 inside (in the sandbox's namespace as root, else bridged by socat), and"
                        + " nothing else is reachable");
            } else {
                enforced.add("network allow-list: refused, not root and no `socat` to bridge the egress proxy into"
                        + " the sandbox (install the `socat` package)");
            }
        }
        if (status.pidNamespace().isPresent() && status.pidNamespace().getAsLong() != namespace("pid")
                && noSurvivors(status.pidNamespace().getAsLong())) {
            capabilities.add(Capability.PROCESS_TREE);
            enforced.add("process tree: a PID namespace that ends with bwrap, so nothing outlives the command");
        }
        if (host.limitsProcesses() && host.memoryEnforcement() == BwrapRlimits.MemoryEnforcement.CGROUP) {
            capabilities.add(Capability.RESOURCE_LIMITS);
            enforced.add("limits: processes, memory" + (host.cgroups().orElseThrow().limitsCpu() ? " and the cpu share" : "")
                    + " of the whole tree through cgroup " + host.cgroups().orElseThrow().describe());
        } else {
            enforced.add("limits: no cgroup for processes and memory (" + host.cgroupProblem() + ")");
        }
        String summary = "bubblewrap " + host.version() + ": namespaces, read-only roots, masked secrets, seccomp"
                + (capabilities.contains(Capability.RESOURCE_LIMITS) ? ", cgroup limits" : "");
        return new Outcome(new Probe(true, summary, facts, enforced), capabilities, Optional.of(host));
    }

    private static Optional<BwrapVersion> version(Path bwrap) throws IOException {
        Process process = new ProcessBuilder(bwrap.toString(), "--version").redirectErrorStream(true).start();
        try {
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readNBytes(4096);
            if (!process.waitFor(VERSION_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("it did not finish within " + VERSION_TIMEOUT.toSeconds() + " s");
            }
            return BwrapVersion.parse(new String(output, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The value after {@code name} on its line of {@code /proc/self/status}. */
    private static String field(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name)) {
                return line.substring(name.length()).strip();
            }
        }
        return "";
    }

    /** The soft and hard value of a {@code /proc/self/limits} line. */
    private static String limit(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name)) {
                String[] parts = line.substring(name.length()).strip().split("\\s+");
                return parts.length >= 2 ? parts[0] + " " + parts[1] : "";
            }
        }
        return "";
    }

    private static long namespace(String kind) {
        try {
            String link = Files.readSymbolicLink(Path.of("/proc/self/ns", kind)).toString();
            return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Whether no process of the sandbox's PID namespace is left, waiting briefly for the kernel to
     * finish tearing it down. Survivors (there should be none) are killed: they are the probe's own.
     */
    private static boolean noSurvivors(long pidNamespace) {
        long deadline = System.nanoTime() + SURVIVOR_PATIENCE.toNanos();
        while (true) {
            List<ProcessHandle> survivors = inNamespace(pidNamespace);
            if (survivors.isEmpty()) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                survivors.forEach(ProcessHandle::destroyForcibly);
                return false;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private static List<ProcessHandle> inNamespace(long pidNamespace) {
        String link = "pid:[" + pidNamespace + "]";
        List<ProcessHandle> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(process -> {
            try {
                if (Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "ns", "pid")).toString().equals(link)) {
                    found.add(process);
                }
            } catch (IOException | RuntimeException e) {
                // Gone meanwhile, or not ours to inspect.
            }
        });
        return found;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
