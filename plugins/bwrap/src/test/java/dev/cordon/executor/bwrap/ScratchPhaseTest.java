package dev.cordon.executor.bwrap;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.executor.support.*;
import dev.cordon.linux.*;
import dev.cordon.spi.*;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import org.junit.jupiter.api.Test;

class ScratchPhaseTest {
    @Test
    void phases() throws Exception {
        Fixture fixture = Fixture.create(Files.createTempDirectory("cordon-bench"));
        ExecRequest request = fixture.request(List.of("true"), Duration.ofSeconds(10), NetworkPolicy.NONE, Limits.NONE);
        BwrapHostFileSystem files = new BwrapHostFileSystem();
        ProcessRunner runner = new ProcessRunner();
        BwrapScratch scratch = new BwrapScratch();
        int n = 150;
        long[][] t = new long[7][n];
        for (int i = 0; i < n; i++) {
            long s0 = System.nanoTime();
            BwrapMountPlan plan = BwrapMountPlan.plan(request.confinement(), request.cwd(), files, 1 << 29);
            long s1 = System.nanoTime();
            List<String> options = BwrapArguments.options(request, plan, BwrapArguments.Seccomp.FILTERED);
            List<String> command = BwrapArguments.command(request, BwrapArguments.Init.SHELL);
            byte[] seccomp = SeccompProgram.build(Arch.X86_64, SeccompProgram.Sockets.UNIX_ONLY);
            long s2 = System.nanoTime();
            BwrapRunFiles rf = scratch.newRun(BwrapArguments.encode(options), scratch.seccomp(Arch.X86_64, SeccompProgram.Sockets.UNIX_ONLY));
            long s3 = System.nanoTime();
            List<String> argv = BwrapWrapper.argv(rf, BwrapWrapper.Rlimits.NONE, Path.of("/usr/bin/bwrap"), command);
            ProcessBuilder b = new ProcessBuilder(argv); b.environment().clear(); b.directory(new java.io.File("/"));
            RunOutcome o = runner.run(b, new RunSettings("p" + i, Duration.ofSeconds(5), 1 << 20, Launcher.DIRECT, new BwrapTree(() -> BwrapStatus.parse(rf.statusText()))), OutputListener.NONE);
            long s4 = System.nanoTime();
            rf.close();
            long s5 = System.nanoTime();
            List<String> argv2 = BwrapWrapper.argv(scratch.newRun(BwrapArguments.encode(options), scratch.seccomp(Arch.X86_64, SeccompProgram.Sockets.UNIX_ONLY)), BwrapWrapper.Rlimits.NONE, Path.of("/usr/bin/bwrap"), BwrapArguments.command(request, BwrapArguments.Init.COMMAND));
            ProcessBuilder b2 = new ProcessBuilder(argv2); b2.environment().clear();
            RunOutcome o2 = runner.run(b2, new RunSettings("q" + i, Duration.ofSeconds(5), 1 << 20, Launcher.DIRECT, new DescendantTree()), OutputListener.NONE);
            long s6 = System.nanoTime();
            List<String> plain = new ArrayList<>(); plain.add("/usr/bin/bwrap"); plain.addAll(options.subList(0, options.size() - 4)); plain.add("--"); plain.add("true");
            Process p = new ProcessBuilder(plain).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            p.getInputStream().readAllBytes(); p.getErrorStream().readAllBytes(); p.waitFor();
            long s7 = System.nanoTime();
            if (o.status().exitCode() != 0 || p.exitValue() != 0 || o2.status().exitCode() != 0) throw new AssertionError(o.stderr() + o2.stderr() + p.exitValue());
            t[0][i] = s1 - s0; t[1][i] = s2 - s1; t[2][i] = s3 - s2; t[3][i] = s4 - s3; t[4][i] = s5 - s4; t[5][i] = s6 - s5; t[6][i] = s7 - s6;
        }
        String[] names = {"plan", "args+bpf", "files", "run(sh+init)", "cleanup", "run(sh, no init)", "plain bwrap(java)"};
        for (int k = 0; k < 7; k++) { long[] a = Arrays.copyOfRange(t[k], 30, n); Arrays.sort(a); System.out.printf("%-20s median %8.3f ms%n", names[k], a[a.length / 2] / 1e6); }
    }
}
