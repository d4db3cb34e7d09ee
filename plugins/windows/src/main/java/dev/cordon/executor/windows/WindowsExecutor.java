package dev.cordon.executor.windows;

import dev.cordon.spi.Capability;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import java.util.Set;

/**
 * Job Object limits, a restricted Low-integrity token, and integrity labels that make only the
 * write roots writable at Low — planned in full ({@link WindowsPlan}), journaled and undone
 * ({@link WindowsLabeller}). The native layer that would create the job, the token and the
 * process and set the labels is not part of this build, so this executor reports itself
 * unavailable everywhere and never runs a command: it fails closed rather than run unconfined.
 */
public final class WindowsExecutor implements Executor {

    /** The native sandbox of Windows; ranks with {@code seatbelt} and {@code landlock}. */
    public static final int PRIORITY = 100;

    static final String NOT_BUILT = "the native layer of the windows executor (job object, restricted token, integrity"
            + " labels) is not part of this build; only its plan is generated";

    private final String osName;

    public WindowsExecutor() {
        this(System.getProperty("os.name", ""));
    }

    WindowsExecutor(String osName) {
        this.osName = osName;
    }

    @Override
    public String id() {
        return "windows";
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    /** What the design enforces once its native layer exists; never used while it is unavailable. */
    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.WRITE_ISOLATION, Capability.PROCESS_TREE);
    }

    @Override
    public Probe probe() {
        return Probe.unavailable(reason());
    }

    @Override
    public ExecResult execute(ExecRequest request, OutputListener listener) throws ExecutorException {
        throw new ExecutorException(reason());
    }

    private String reason() {
        if (!osName.startsWith("Windows")) {
            return "windows executor needs Windows; this machine runs `" + osName + "`";
        }
        return NOT_BUILT;
    }
}
