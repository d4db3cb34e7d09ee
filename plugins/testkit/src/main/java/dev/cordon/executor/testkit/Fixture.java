package dev.cordon.executor.testkit;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The directories of one conformance test and the requests run in them: a workspace the command
 * may write, a home it may read with a hidden {@code .ssh}, a private tmp, and a directory outside
 * every root. Paths are real (symlinks resolved) so executors compare them as the core would.
 *
 * @param workspace writable; the command's cwd
 * @param home readable; {@code HOME} of the command
 * @param secretDir hidden: {@code home/.ssh}, holding {@code id_rsa}
 * @param tmp writable scratch space
 * @param outside neither readable nor writable
 */
public record Fixture(Path workspace, Path home, Path secretDir, Path tmp, Path outside) {

    /** System directories a command needs to run at all; read-only. */
    public static final List<Path> SYSTEM_READ = List.of(
            Path.of("/usr"), Path.of("/bin"), Path.of("/sbin"), Path.of("/lib"), Path.of("/lib64"),
            Path.of("/etc"), Path.of("/proc"), Path.of("/dev"));

    /** Devices a command may write to. */
    public static final List<Path> DEVICES_WRITE = List.of(Path.of("/dev/null"), Path.of("/dev/zero"));

    private static final AtomicLong RUNS = new AtomicLong();

    /** Lays the directories out under {@code root} (a fresh temporary directory). */
    public static Fixture create(Path root) throws IOException {
        Path real = root.toRealPath();
        Path workspace = Files.createDirectories(real.resolve("workspace"));
        Path home = Files.createDirectories(real.resolve("home"));
        Path secretDir = Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(secretDir.resolve("id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY----- conformance-secret\n");
        Files.writeString(home.resolve(".profile"), "# readable\n");
        Path tmp = Files.createDirectories(real.resolve("tmp"));
        Path outside = Files.createDirectories(real.resolve("outside"));
        Files.writeString(outside.resolve("existing"), "untouched\n");
        return new Fixture(workspace, home, secretDir, tmp, outside);
    }

    /** The secret text inside {@link #secretDir()}. */
    public static String secret() {
        return "conformance-secret";
    }

    /** The environment every request gets: a small allow-list, as the core would pass. */
    public Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin");
        env.put("HOME", home.toString());
        env.put("LANG", "C.UTF-8");
        env.put("TMPDIR", tmp.toString());
        return env;
    }

    public Confinement confinement(NetworkPolicy network, Limits limits) {
        return confinement(network, limits, List.of());
    }

    /** The confinement with some paths inside the write roots kept read-only. */
    public Confinement confinement(NetworkPolicy network, Limits limits, List<Path> readOnly) {
        return confinement(network, limits, readOnly, List.of());
    }

    /** The confinement with read-only paths and more hidden paths than {@link #secretDir()}. */
    public Confinement confinement(NetworkPolicy network, Limits limits, List<Path> readOnly, List<Path> hidden) {
        List<Path> read = new ArrayList<>(SYSTEM_READ);
        read.add(home);
        List<Path> write = new ArrayList<>(List.of(workspace, tmp));
        write.addAll(DEVICES_WRITE);
        List<Path> hiddenPaths = new ArrayList<>(List.of(secretDir));
        hiddenPaths.addAll(hidden);
        return new Confinement(workspace, read, write, readOnly, hiddenPaths, network, limits);
    }

    /** A request for {@code sh -c script} with no network and no limits. */
    public ExecRequest sh(String script, Duration timeout) {
        return request(List.of("/bin/sh", "-c", script), timeout, NetworkPolicy.NONE, Limits.NONE);
    }

    public ExecRequest request(List<String> argv, Duration timeout, NetworkPolicy network, Limits limits) {
        return request(argv, timeout, confinement(network, limits));
    }

    public ExecRequest request(List<String> argv, Duration timeout, Confinement confinement) {
        return new ExecRequest("conformance-" + RUNS.incrementAndGet(), argv, workspace, env(), confinement, timeout, 1 << 20);
    }

    /** The same request with another output limit. */
    public static ExecRequest withOutputLimit(ExecRequest request, long limit) {
        return new ExecRequest(request.runId(), request.argv(), request.cwd(), request.env(), request.confinement(),
                request.timeout(), limit);
    }
}
