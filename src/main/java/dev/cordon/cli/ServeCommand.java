package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.serve.CordonServer;
import dev.cordon.serve.ServerFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cordon serve}: keeps the rules compiled and the executors probed, and answers decisions
 * and runs over HTTP on the loopback interface until stopped.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {
            "HTTP JSON decision and exec service on 127.0.0.1, the warm path for agents and the CLI.",
            "Writes its port and a bearer token to $XDG_STATE_HOME/cordon/serve.json (mode 0600).",
            "With CORDON_SERVER=auto, `cordon` command lines are answered by it."})
public final class ServeCommand implements Callable<Integer> {

    private final Context context;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Port on 127.0.0.1 (default: any free port; see the server file).")
    int port;

    public ServeCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (port < 0 || port > 65535) {
            throw new UserError(ExitCode.USAGE, "--port must be between 0 and 65535");
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        Path file = ServerFile.location(context.env());
        CountDownLatch stopped = new CountDownLatch(1);
        try (CordonServer server = new CordonServer(new ServedCommandLines(context.home()), Version.current(),
                context.env(), port, token)) {
            server.start();
            new ServerFile(server.port(), token, ProcessHandle.current().pid()).write(file);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                deleteQuietly(file);
                stopped.countDown();
            }));
            context.err().println("cordon serve: listening on http://127.0.0.1:" + server.port()
                    + " (token in " + file + ")");
            stopped.await();
        }
        return ExitCode.OK;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A stale server file only makes clients fall back to running in-process.
        }
    }
}
