package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.hook.Adapters;
import dev.cordon.hook.HookRun;
import dev.cordon.hook.JsonAdapter;
import dev.cordon.serve.BuildStamp;
import dev.cordon.serve.CordonServer;
import dev.cordon.serve.RuntimeDir;
import dev.cordon.serve.ServerFile;
import dev.cordon.serve.SocketService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cordon serve}: keeps the rules compiled and the executors probed, and answers until
 * stopped — over HTTP on the loopback interface, and hook events over a Unix socket in the user's
 * runtime folder. One server per user: the hook launcher starts it ({@code --daemon}) when none
 * answers.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {
            "HTTP JSON decision and exec service on 127.0.0.1, and the hook socket: the warm path for agents and the CLI.",
            "Writes its port and a bearer token to $XDG_STATE_HOME/cordon/serve.json (mode 0600).",
            "Hooks reach it over $XDG_RUNTIME_DIR/cordon/hook.sock, in a folder of mode 0700.",
            "With CORDON_SERVER=auto, `cordon` command lines are answered by it."})
public final class ServeCommand implements Callable<Integer> {

    /** How long a server started for hooks waits for a request before it stops. */
    static final int DAEMON_IDLE_SECONDS = 1800;

    private final Context context;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Port on 127.0.0.1 (default: any free port; see the server file).")
    int port;

    @Option(names = "--daemon", description = "Started by the hook launcher: exit quietly when a server already runs,"
            + " stop after --idle-seconds without a request.")
    boolean daemon;

    @Option(names = "--idle-seconds", paramLabel = "S",
            description = "Stop after S seconds without a request (default: never; with --daemon, "
                    + DAEMON_IDLE_SECONDS + " or $CORDON_SERVE_IDLE_SECONDS).")
    Integer idleSeconds;

    @Option(names = "--stop", description = "Stop the server that runs for this user, and exit.")
    boolean stop;

    public ServeCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (port < 0 || port > 65535) {
            throw new UserError(ExitCode.USAGE, "--port must be between 0 and 65535");
        }
        RuntimeDir runtime = RuntimeDir.of(context.env());
        if (stop) {
            return stopServer(runtime);
        }
        Optional<SocketService> claimed;
        try {
            claimed = SocketService.claim(runtime);
        } catch (IOException e) {
            throw new UserError(ExitCode.INTERNAL_ERROR, "cannot use the runtime folder: " + e.getMessage());
        }
        if (claimed.isEmpty()) {
            if (daemon) {
                return ExitCode.OK;
            }
            String pid = SocketService.holder(runtime).map(p -> "pid " + p.pid()).orElse("pid unknown");
            throw new UserError(ExitCode.INTERNAL_ERROR, "a cordon server already runs for this user (" + pid + ")",
                    "stop it with `cordon serve --stop`");
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        Path file = ServerFile.location(context.env());
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        ServedCommandLines lines = new ServedCommandLines(context.home(),
                daemon ? Services.cacheDir(context.env()) : null);
        HookRun hooks = lines.hooks();
        ScheduledExecutorService idle = Executors.newSingleThreadScheduledExecutor();
        try (SocketService socket = claimed.get();
                CordonServer server = new CordonServer(lines, hooks, Version.current(), context.env(), port, token)) {
            server.onEveryRequest(socket::touch);
            server.start();
            warm(hooks);
            socket.listen(hooks, BuildStamp.of(context.home()), stopped::countDown);
            new ServerFile(server.port(), token, ProcessHandle.current().pid()).write(file);
            // On SIGTERM the JVM ends once its shutdown hooks have: wait for the clean-up below.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stopped.countDown();
                try {
                    closed.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            long idleMillis = TimeUnit.SECONDS.toMillis(idleSeconds());
            if (idleMillis > 0) {
                idle.scheduleWithFixedDelay(() -> {
                    if (socket.idleMillis() >= idleMillis) {
                        stopped.countDown();
                    }
                }, Math.min(idleMillis, 30_000), Math.min(idleMillis, 30_000) / 4 + 1, TimeUnit.MILLISECONDS);
            }
            context.err().println("cordon serve: listening on http://127.0.0.1:" + server.port() + " (token in " + file
                    + ") and " + socket.socketPath());
            stopped.await();
        } finally {
            idle.shutdownNow();
            deleteIfOurs(file);
            closed.countDown();
        }
        return ExitCode.OK;
    }

    /** Compiles the rules before the socket appears, so that no hook call waits for them. */
    private void warm(HookRun hooks) {
        String event = "{\"tool\":\"bash\",\"command\":\"git status\",\"cwd\":\""
                + context.cwd().toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
        hooks.answer(Adapters.of(JsonAdapter.AGENT), event.getBytes(StandardCharsets.UTF_8), context.env());
    }

    private int idleSeconds() {
        if (idleSeconds != null) {
            return idleSeconds;
        }
        if (!daemon) {
            return 0;
        }
        try {
            return Integer.parseInt(context.env().getOrDefault("CORDON_SERVE_IDLE_SECONDS",
                    String.valueOf(DAEMON_IDLE_SECONDS)).strip());
        } catch (NumberFormatException e) {
            return DAEMON_IDLE_SECONDS;
        }
    }

    private int stopServer(RuntimeDir runtime) throws InterruptedException {
        Optional<ProcessHandle> holder = SocketService.holder(runtime);
        if (holder.isEmpty()) {
            context.err().println("cordon serve: no server runs for this user");
            return ExitCode.OK;
        }
        ProcessHandle process = holder.get();
        process.destroy();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new UserError(ExitCode.INTERNAL_ERROR, "the server (pid " + process.pid() + ") did not stop in 10 s");
        }
        context.err().println("cordon serve: stopped the server (pid " + process.pid() + ")");
        return ExitCode.OK;
    }

    /** Removes the server file unless another server has written its own since. */
    private static void deleteIfOurs(Path file) {
        try {
            if (Files.exists(file) && ServerFile.read(file).pid() == ProcessHandle.current().pid()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            // A stale server file only makes clients fall back to running in-process.
        }
    }
}
