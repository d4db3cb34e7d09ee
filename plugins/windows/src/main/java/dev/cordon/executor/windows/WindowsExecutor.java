package dev.cordon.executor.windows;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Probe;
import dev.cordon.spi.Promise;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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

    /** What the job object and the Low integrity labels keep; not verified on a Windows host here. */
    @Override
    public List<Guarantee> guarantees(Confinement confinement) {
        Map<Promise, String> kernel = new EnumMap<>(Promise.class);
        kernel.put(Promise.WRITE_ROOTS, "a Low integrity token; only the write roots are labelled Low");
        kernel.put(Promise.PROTECTED_PATHS, "labelled Medium inside the write roots");
        kernel.put(Promise.PROCESS_TREE, "a job object that kills every process on close");
        kernel.put(Promise.PROCESSES, "the job object's active-process limit");
        kernel.put(Promise.MEMORY, "the job object's memory limit");
        kernel.put(Promise.CPU_TIME, "the job object's user-time limit");
        return Guarantee.answer(confinement, kernel, Map.of(
                Promise.READ_ROOTS, "Low integrity limits writes, not reads",
                Promise.HIDDEN_PATHS, "Low integrity limits writes, not reads",
                Promise.FILE_SIZE, "a job object has no file-size limit"),
                "not enforced by the windows executor");
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
