package dev.cordon.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short child to its end, started through {@link Spawner} with a thread setup. */
record Child(int exitCode, String stdout, String stderr) {

    static Child run(ThreadSetup setup, String... argv) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(argv));
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.redirectErrorStream(false);
        return run(setup, builder);
    }

    static Child run(ThreadSetup setup, ProcessBuilder builder) throws IOException, InterruptedException {
        return run(setup, List.of(), builder);
    }

    static Child run(ThreadSetup setup, List<NativeSpawn.Inherited> inherited, ProcessBuilder builder)
            throws IOException, InterruptedException {
        return finish(Spawner.start(builder, inherited, setup));
    }

    static Child finish(Process process) throws IOException, InterruptedException {
        // Outputs here are small: reading one after the other cannot fill a pipe.
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("child did not end");
        }
        return new Child(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
