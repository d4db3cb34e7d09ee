package dev.cordon.executor.bwrap;

import dev.cordon.spi.*;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BwrapSmokeTest {
    @TempDir Path tmp;

    @Test
    void smoke() throws Exception {
        try (BwrapExecutor executor = new BwrapExecutor()) {
            long t0 = System.nanoTime();
            Probe probe = executor.probe();
            System.out.println("probe " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + executor.capabilities());
            Path ws = tmp;
            for (Limits limits : List.of(Limits.NONE, new Limits(50, 256 << 20, 10, 1 << 20))) {
            Confinement c = new Confinement(ws, List.of(Path.of("/usr"), Path.of("/etc")), List.of(ws), List.of(),
                    List.of(), NetworkPolicy.NONE, limits);
            long[] times = new long[60];
            for (int i = 0; i < times.length; i++) {
                long s = System.nanoTime();
                ExecResult r = executor.execute(new ExecRequest("r" + i, List.of("/usr/bin/true"), ws,
                        Map.of("PATH", "/usr/bin:/bin"), c, Duration.ofSeconds(5), 100000), OutputListener.NONE);
                times[i] = System.nanoTime() - s;
                if (r.exitCode() != 0) System.out.println(r);
            }
            long[] warm = Arrays.copyOfRange(times, 10, times.length);
            Arrays.sort(warm);
            System.out.println(limits + " median us " + warm[warm.length / 2] / 1000 + " min " + warm[0] / 1000); }
        }
    }
}
