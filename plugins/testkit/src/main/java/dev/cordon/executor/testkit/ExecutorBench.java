package dev.cordon.executor.testkit;

import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Measures what an executor adds to starting a process: the wall time of {@code true} started
 * bare with {@link ProcessBuilder} and through every executor found on the class path, in a warm
 * JVM. The contenders take turns (each iteration runs each once, in rotating order), so a machine
 * whose load changes affects them alike. Runs are spaced by {@code -Dcordon.bench.pauseMillis}
 * (default 5 ms, the same for every contender): an agent does not start thousands of commands a
 * second, and executors may prepare the next run in between.
 *
 * <pre>
 * ExecutorBench [iterations] [executor-id...]     interleaved runs, medians printed at the end
 * ExecutorBench --serve [executor-id...]          one run per line read on stdin (an id, or "bare"),
 *                                                 its wall time in ms on stdout; for a shell loop
 *                                                 that interleaves its own contender
 * --seccomp-file PATH                             (either mode) first writes the seccomp filter the
 *                                                 Linux executors give a command with the network
 *                                                 off, for a plain bwrap with the same filter
 * </pre>
 *
 * {@code -Dcordon.bench.limits=defaults} runs with the limits of the built-in profiles' defaults
 * (256 processes, 2 GiB, 300 s, 512 MiB files, 50% CPU share, 512 MiB temp), which need a cgroup
 * of the run's own; {@code defaults-without-cpu-share} the same without the CPU share; otherwise
 * none.
 */
public final class ExecutorBench {

    private static final int WARM_UP = 100;
    private static final long PAUSE_MILLIS = Long.getLong("cordon.bench.pauseMillis", 5);
    private static final String BARE = "bare";

    private static final Limits LIMITS = switch (System.getProperty("cordon.bench.limits", "none")) {
        case "defaults" -> new Limits(256, 2048L << 20, 300, 512L << 20, 50, 512L << 20, 131072);
        case "defaults-without-cpu-share" -> new Limits(256, 2048L << 20, 300, 512L << 20, 0, 512L << 20, 131072);
        default -> Limits.NONE;
    };

    private ExecutorBench() {
    }

    /** Timings of one contender, in milliseconds. */
    record Timing(String name, double median, double p90, double min) {

        static Timing of(String name, double[] millis) {
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            return new Timing(name, sorted[sorted.length / 2], sorted[(int) (sorted.length * 0.9)], sorted[0]);
        }

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
        List<String> arguments = new ArrayList<>(Arrays.asList(args));
        int seccomp = arguments.indexOf("--seccomp-file");
        if (seccomp >= 0) {
            writeSeccomp(Path.of(arguments.get(seccomp + 1)));
            arguments.subList(seccomp, seccomp + 2).clear();
        }
        boolean serve = !arguments.isEmpty() && arguments.get(0).equals("--serve");
        int iterations = !serve && !arguments.isEmpty() ? Integer.parseInt(arguments.get(0)) : 500;
        List<String> only = arguments.size() > 1 ? arguments.subList(1, arguments.size()) : List.of();
        Fixture fixture = Fixture.create(Files.createTempDirectory("cordon-bench"));
        Map<String, Run> contenders = new LinkedHashMap<>();
        contenders.put(BARE, ExecutorBench::bare);
        List<Executor> executors = new ArrayList<>();
        for (Executor executor : ServiceLoader.load(Executor.class)) {
            if (!only.isEmpty() && !only.contains(executor.id())) {
                continue;
            }
            Probe probe = executor.probe();
            if (!probe.available()) {
                System.err.println(executor.id() + ": unavailable: " + probe.summary());
                continue;
            }
            executors.add(executor);
            contenders.put(executor.id(), () -> run(executor, fixture));
        }
        try {
            if (serve) {
                serve(contenders);
            } else {
                interleave(contenders, iterations);
            }
        } finally {
            executors.forEach(Executor::close);
        }
    }

    private static void interleave(Map<String, Run> contenders, int iterations) throws Exception {
        List<String> names = new ArrayList<>(contenders.keySet());
        Map<String, double[]> millis = new LinkedHashMap<>();
        names.forEach(name -> millis.put(name, new double[iterations]));
        for (int i = -WARM_UP; i < iterations; i++) {
            for (int turn = 0; turn < names.size(); turn++) {
                String name = names.get(Math.floorMod(i + turn, names.size()));
                double time = timed(contenders.get(name));
                if (i >= 0) {
                    millis.get(name)[i] = time;
                }
            }
        }
        System.out.println("true, " + iterations + " runs each after " + WARM_UP + " warm-up runs, interleaved, "
                + PAUSE_MILLIS + " ms apart, limits " + System.getProperty("cordon.bench.limits", "none") + ", "
                + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " cpus");
        Timing bare = Timing.of(BARE, millis.get(BARE));
        for (String name : names) {
            System.out.println(Timing.of(name, millis.get(name)).row(bare.median()));
        }
    }

    /** One timed run per line read: a contender's name in, its wall time in milliseconds out. */
    private static void serve(Map<String, Run> contenders) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = System.out;
        String line;
        while ((line = in.readLine()) != null) {
            Run run = contenders.get(line.trim());
            if (run == null) {
                out.println("unknown contender `" + line.trim() + "`");
            } else {
                out.printf(Locale.ROOT, "%.4f%n", timed(run));
            }
            out.flush();
        }
    }

    private static double timed(Run run) throws Exception {
        Thread.sleep(PAUSE_MILLIS);
        long start = System.nanoTime();
        run.once();
        return (System.nanoTime() - start) / 1e6;
    }

    private static void bare() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("true").redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        process.getInputStream().readAllBytes();
        process.getErrorStream().readAllBytes();
        process.waitFor();
    }

    private static void run(Executor executor, Fixture fixture) throws ExecutorException {
        ExecRequest request = fixture.request(List.of("true"), Duration.ofSeconds(10), NetworkPolicy.NONE, LIMITS);
        ExecResult result = executor.execute(request, OutputListener.NONE);
        if (result.exitCode() != 0) {
            throw new IllegalStateException(executor.id() + " ran true with exit " + result.exitCode() + ": " + result.stderr());
        }
    }

    /**
     * Writes the seccomp filter the Linux executors give a command with the network off (unix
     * sockets only, as bwrap's), so that a plain bwrap started by hand gets the same filter. Read
     * through reflection: this kit does not depend on {@code cordon-linux}, which must be on the
     * class path.
     */
    private static void writeSeccomp(Path file) throws ReflectiveOperationException, IOException {
        Class<?> arch = Class.forName("dev.cordon.linux.Arch");
        Class<?> sockets = Class.forName("dev.cordon.linux.SeccompProgram$Sockets");
        Object current = ((java.util.Optional<?>) arch.getMethod("current").invoke(null)).orElseThrow();
        Object unixOnly = sockets.getField("UNIX_ONLY").get(null);
        byte[] program = (byte[]) Class.forName("dev.cordon.linux.SeccompProgram").getMethod("build", arch, sockets)
                .invoke(null, current, unixOnly);
        Files.write(file, program);
    }
}
