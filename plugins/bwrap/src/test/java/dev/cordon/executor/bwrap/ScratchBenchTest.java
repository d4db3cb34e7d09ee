package dev.cordon.executor.bwrap;

import dev.cordon.executor.testkit.Fixture;
import dev.cordon.spi.*;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import org.junit.jupiter.api.Test;

class ScratchBenchTest {
    @Test
    void bench() throws Exception {
        Path root = Files.createTempDirectory("cordon-bench");
        Fixture fixture = Fixture.create(root);
        BwrapExecutor executor = new BwrapExecutor();
        executor.probe();
        ExecRequest request = fixture.request(List.of("true"), Duration.ofSeconds(10), NetworkPolicy.NONE, Limits.NONE);
        BwrapMountPlan plan = BwrapMountPlan.plan(request.confinement(), request.cwd(), new BwrapHostFileSystem(), 1 << 29);
        List<String> plain = new ArrayList<>(List.of("/usr/bin/bwrap", "--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
                "--die-with-parent", "--as-pid-1", "--new-session"));
        plain.addAll(plan.arguments());
        plain.addAll(List.of("--remount-ro", "/", "--chdir", request.cwd().toString(), "--", "true"));
        Files.writeString(Path.of("/tmp/bxs/bench/plain.args"), String.join("\n", plain));
        int n = Integer.getInteger("n", 200);
        long[] a = new long[n], b = new long[n];
        for (int w = 0; w < 50; w++) { executor.execute(request, OutputListener.NONE); new ProcessBuilder(plain).start().waitFor(); }
        for (int i = 0; i < n; i++) {
            long s = System.nanoTime();
            ExecResult r = executor.execute(request, OutputListener.NONE);
            a[i] = System.nanoTime() - s;
            if (r.exitCode() != 0) throw new AssertionError(r.toString());
            s = System.nanoTime();
            Process p = new ProcessBuilder(plain).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            p.getInputStream().readAllBytes(); p.getErrorStream().readAllBytes(); p.waitFor();
            b[i] = System.nanoTime() - s;
        }
        Arrays.sort(a); Arrays.sort(b);
        System.out.printf("executor median %.2f ms p10 %.2f | plain bwrap from java median %.2f ms p10 %.2f%n", a[n/2]/1e6, a[n/10]/1e6, b[n/2]/1e6, b[n/10]/1e6);
    }
}
