package dev.cordon.executor.testkit;

import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Measures what an executor adds to starting a process: the median wall time of {@code true}
 * started bare with {@link ProcessBuilder}, then through every executor found on the class path,
 * in a warm JVM. Usage: {@code ExecutorBench [iterations] [executor-id...]}. Runs are spaced by
 * {@code -Dcordon.bench.pauseMillis} (default 5 ms, the same for every contender): an agent does
 * not start thousands of commands a second, and executors may prepare the next run in between.
 */
public final class ExecutorBench {

    private static final int WARM_UP = 100;
    private static final long PAUSE_MILLIS = Long.getLong("cordon.bench.pauseMillis", 5);

    private ExecutorBench() {
    }

    /** Timings of one contender, in milliseconds. */
    record Timing(String name, double median, double p90, double min) {

        String row(double baseline) {
            return String.format(Locale.ROOT, "%-10s median %6.2f ms  p90 %6.2f ms  min %6.2f ms  (+%.2f ms over bare)",
                    name, median, p90, min, median - baseline);
        }
    }

    @FunctionalInterface
    private interface Run {
        void once() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        List<String> only = args.length > 1 ? Arrays.asList(args).subList(1, args.length) : List.of();
        Path root = Files.createTempDirectory("cordon-bench");
        Fixture fixture = Fixture.create(root);
        List<Timing> timings = new ArrayList<>();
        Timing bare = measure("bare", iterations, ExecutorBench::bare);
        timings.add(bare);
        for (Executor executor : ServiceLoader.load(Executor.class)) {
            if (!only.isEmpty() && !only.contains(executor.id())) {
                continue;
            }
            Probe probe = executor.probe();
            if (!probe.available()) {
                System.out.println(executor.id() + ": unavailable: " + probe.summary());
                continue;
            }
            timings.add(measure(executor.id(), iterations, () -> run(executor, fixture)));
            executor.close();
        }
        System.out.println("true, " + iterations + " runs each after " + WARM_UP + " warm-up runs, " + PAUSE_MILLIS
                + " ms apart, " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " cpus");
        for (Timing timing : timings) {
            System.out.println(timing.row(bare.median()));
        }
    }

    private static void bare() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("true").redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        process.getInputStream().readAllBytes();
        process.getErrorStream().readAllBytes();
        process.waitFor();
    }

    /**
     * {@code -Dcordon.bench.limits=defaults} runs with the limits of the built-in profiles'
     * defaults (256 processes, 2 GiB, 300 s, 512 MiB files, 50% CPU share, 512 MiB temp), which
     * need a cgroup of the run's own; {@code defaults-without-cpu-share} the same without the CPU
     * share; otherwise none.
     */
    private static final dev.cordon.spi.Limits LIMITS = switch (System.getProperty("cordon.bench.limits", "none")) {
        case "defaults" -> new dev.cordon.spi.Limits(256, 2048L << 20, 300, 512L << 20, 50, 512L << 20, 131072);
        case "defaults-without-cpu-share" -> new dev.cordon.spi.Limits(256, 2048L << 20, 300, 512L << 20, 0, 512L << 20, 131072);
        default -> dev.cordon.spi.Limits.NONE;
    };

    private static void run(Executor executor, Fixture fixture) throws ExecutorException {
        ExecRequest request = fixture.request(List.of("true"), Duration.ofSeconds(10), dev.cordon.spi.NetworkPolicy.NONE,
                LIMITS);
        ExecResult result = executor.execute(request, OutputListener.NONE);
        if (result.exitCode() != 0) {
            throw new IllegalStateException(executor.id() + " ran true with exit " + result.exitCode() + ": " + result.stderr());
        }
    }

    private static Timing measure(String name, int iterations, Run run) throws Exception {
        for (int i = 0; i < WARM_UP; i++) {
            run.once();
        }
        double[] millis = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            Thread.sleep(PAUSE_MILLIS);
            long start = System.nanoTime();
            run.once();
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return new Timing(name, millis[iterations / 2], millis[(int) (iterations * 0.9)], millis[0]);
    }
}
