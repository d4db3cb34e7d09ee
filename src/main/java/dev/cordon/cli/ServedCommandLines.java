package dev.cordon.cli;

import dev.cordon.hook.HookRun;
import dev.cordon.hook.LivePolicy;
import dev.cordon.serve.CommandLines;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The command line as {@code cordon serve} runs it: one set of services shared by every request. */
final class ServedCommandLines implements CommandLines {

    private final Path home;
    private final Services services;

    /**
     * @param cacheDir where executor probes that succeeded are kept for the rest of the boot (a
     *     server started for a hook call answers sooner), or null to probe anew
     */
    ServedCommandLines(Path home, Path cacheDir) {
        this.home = home;
        this.services = new Services(home, cacheDir);
    }

    @Override
    public void warm() {
        services.registry().startProbes();
    }

    @Override
    public Outcome run(Path cwd, Map<String, String> env, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Context context = new Context(home, cwd, env, out, err, new ByteArrayInputStream(new byte[0]), false);
        int code = new Cli(context, services).execute(args.toArray(String[]::new));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Hook events, decided with the same executors. */
    HookRun hooks() {
        return new HookRun(LivePolicy.over(home, services::registry));
    }

    @Override
    public void close() {
        services.close();
    }
}
