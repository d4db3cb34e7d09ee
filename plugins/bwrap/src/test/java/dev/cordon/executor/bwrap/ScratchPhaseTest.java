package dev.cordon.executor.bwrap;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.linux.*;
import dev.cordon.spi.*;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import org.junit.jupiter.api.Test;

class ScratchPhaseTest {
    static void run(List<String> argv) throws Exception {
        ProcessBuilder b = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        b.environment().clear();
        Process p = b.start();
        p.getInputStream().readAllBytes(); p.getErrorStream().readAllBytes();
        if (p.waitFor() != 0) throw new AssertionError(argv.toString());
    }
    @Test
    void phases() throws Exception {
        Fixture fixture = Fixture.create(Files.createTempDirectory("cordon-bench"));
        ExecRequest request = fixture.request(List.of("true"), Duration.ofSeconds(10), NetworkPolicy.NONE, Limits.NONE);
        BwrapExecutor executor = new BwrapExecutor();
        executor.probe();
        BwrapScratch scratch = new BwrapScratch();
        BwrapMountPlan plan = BwrapMountPlan.plan(request.confinement(), request.cwd(), new BwrapHostFileSystem(), 1 << 29);
        List<String> options = BwrapArguments.options(request, plan);
        Path bpf = scratch.seccomp(Arch.X86_64, SeccompProgram.Sockets.UNIX_ONLY);
        BwrapRunFiles rf = scratch.newRun(BwrapArguments.encode(options), bpf);
        List<String> withInit = BwrapWrapper.argv(rf, BwrapWrapper.Rlimits.NONE, BwrapWrapper.Parent.EXEC, Path.of("/usr/bin/bwrap"), BwrapArguments.command(request, BwrapArguments.Init.SHELL));
        List<String> noInit = BwrapWrapper.argv(rf, BwrapWrapper.Rlimits.NONE, BwrapWrapper.Parent.EXEC, Path.of("/usr/bin/bwrap"), BwrapArguments.command(request, BwrapArguments.Init.COMMAND));
        List<String> plain = new ArrayList<>(); plain.add("/usr/bin/bwrap"); plain.addAll(options.subList(0, options.size() - 4)); plain.add("--"); plain.add("true");
        List<String> plainSh = new ArrayList<>(List.of("/bin/sh", "-c", "exec \"$@\"", "sh")); plainSh.addAll(plain);
        String[] names = {"A executor", "B wrapper+init", "C wrapper no init", "D plain bwrap", "E sh exec plain"};
        int n = 200;
        long[][] t = new long[5][n];
        for (int i = -30; i < n; i++) {
            long s0 = System.nanoTime();
            executor.execute(request, OutputListener.NONE);
            long s1 = System.nanoTime(); run(withInit);
            long s2 = System.nanoTime(); run(noInit);
            long s3 = System.nanoTime(); run(plain);
            long s4 = System.nanoTime(); run(plainSh);
            long s5 = System.nanoTime();
            if (i >= 0) { t[0][i] = s1 - s0; t[1][i] = s2 - s1; t[2][i] = s3 - s2; t[3][i] = s4 - s3; t[4][i] = s5 - s4; }
        }
        for (int k = 0; k < 5; k++) { long[] a = t[k].clone(); Arrays.sort(a); System.out.printf("%-20s median %7.3f ms  p25 %7.3f%n", names[k], a[n / 2] / 1e6, a[n / 4] / 1e6); }
    }
}
