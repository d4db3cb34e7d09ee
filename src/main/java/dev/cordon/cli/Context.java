package dev.cordon.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything one invocation of the command line runs against. Commands take the working
 * directory, environment and streams from here, never from the process, so that a long-running
 * {@code cordon serve} can run a client's command line as if in the client's shell.
 */
public final class Context {

    private final Path home;
    private final Path cwd;
    private final Map<String, String> env;
    private final OutputStream stdout;
    private final OutputStream stderr;
    private final InputStream in;
    private final boolean terminal;
    private final PrintWriter out;
    private final PrintWriter err;

    /**
     * @param home the distribution folder (rules, profiles, plugins)
     * @param cwd the caller's working directory
     * @param env the caller's environment
     * @param stdout standard output, for a command's raw bytes
     * @param stderr standard error, likewise
     * @param in standard input
     * @param terminal whether a human can answer questions on this terminal
     */
    public Context(Path home, Path cwd, Map<String, String> env, OutputStream stdout, OutputStream stderr,
            InputStream in, boolean terminal) {
        this.home = home;
        this.cwd = cwd;
        this.env = Map.copyOf(env);
        this.stdout = stdout;
        this.stderr = stderr;
        this.in = in;
        this.terminal = terminal;
        this.out = new PrintWriter(new PrintStream(stdout, true, StandardCharsets.UTF_8), true);
        this.err = new PrintWriter(new PrintStream(stderr, true, StandardCharsets.UTF_8), true);
    }

    /** The context of this process. */
    public static Context ofProcess() {
        boolean terminal = System.console() != null;
        return new Context(CordonHome.locate(), Path.of("").toAbsolutePath(), System.getenv(), System.out,
                System.err, System.in, terminal);
    }

    public Path home() {
        return home;
    }

    public Path cwd() {
        return cwd;
    }

    public Map<String, String> env() {
        return env;
    }

    public OutputStream stdout() {
        return stdout;
    }

    public OutputStream stderr() {
        return stderr;
    }

    public InputStream in() {
        return in;
    }

    public boolean terminal() {
        return terminal;
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }
}
