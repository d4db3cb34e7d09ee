package dev.cordon.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * Something a {@link Confinement} promises about a command. Each is kept either by the kernel
 * under the executor that runs the command, or only by the policy layer (which refuses what it
 * can see coming, e.g. a redirection to a protected path, but not what a program does on its
 * own); see {@link Executor#guarantees(Confinement)}.
 */
public enum Promise {
    /** Nothing outside the write roots is created, changed, renamed or removed. */
    WRITE_ROOTS("writes only inside the write roots"),
    /** No mode, owner, time or extended-attribute change on anything outside the write roots. */
    METADATA("no chmod, chown, utime or xattr change outside the write roots"),
    /** Nothing outside the read roots can be read or executed. */
    READ_ROOTS("reads only inside the read roots"),
    /** The hidden paths (and the files matching hidden patterns found in the workspace) stay unreadable. */
    HIDDEN_PATHS("hidden paths unreadable"),
    /** The protected paths inside write roots stay read-only, and missing ones cannot be created. */
    PROTECTED_PATHS("protected paths (.git/hooks, .git/config, agent and editor settings, policy files) read-only"),
    /** A temporary directory of the run's own, in {@code TMPDIR}, removed when the run ends. */
    PRIVATE_TEMP("a private temp directory, removed after the run"),
    /** The private temp is bounded in size. */
    TEMP_SIZE("private temp bounded in size"),
    /** No connection at all when the network is off; only the allowed or not the denied destinations otherwise. */
    NETWORK("network as the profile says"),
    /** Every process the command starts ends with it. */
    PROCESS_TREE("every process ends with the command"),
    /** The number of processes of the whole tree is bounded. */
    PROCESSES("process count of the whole tree bounded"),
    /** The memory of the whole tree is bounded. */
    MEMORY("memory of the whole tree bounded"),
    /** The whole tree gets at most its share of the machine's CPU time. */
    CPU_SHARE("cpu share of the whole tree bounded"),
    /** Each process gets at most its CPU seconds. */
    CPU_TIME("cpu seconds of each process bounded"),
    /** No file written grows past the file-size limit. */
    FILE_SIZE("size of each file written bounded");

    private final String description;

    Promise(String description) {
        this.description = description;
    }

    /** What the promise says, in a few words for a user. */
    public String description() {
        return description;
    }

    /**
     * Every promise a confinement makes, in this enum's order. A root of {@code /} promises
     * nothing about what lies beneath it: with {@code /} writable there are no write-root
     * promises, with {@code /} readable no read-root promise.
     */
    public static List<Promise> madeBy(Confinement confinement) {
        List<Promise> promises = new ArrayList<>();
        java.nio.file.Path root = java.nio.file.Path.of("/");
        if (!confinement.writeRoots().contains(root)) {
            promises.add(WRITE_ROOTS);
            promises.add(METADATA);
        }
        if (!confinement.readRoots().contains(root)) {
            promises.add(READ_ROOTS);
        }
        if (!confinement.hiddenPaths().isEmpty()) {
            promises.add(HIDDEN_PATHS);
        }
        if (!confinement.readOnlyPaths().isEmpty()) {
            promises.add(PROTECTED_PATHS);
        }
        promises.add(PRIVATE_TEMP);
        Limits limits = confinement.limits();
        if (limits.tempBytes() > 0) {
            promises.add(TEMP_SIZE);
        }
        NetworkPolicy network = confinement.network();
        if (network.mode() != NetworkPolicy.Mode.FULL || !network.deny().isEmpty()) {
            promises.add(NETWORK);
        }
        promises.add(PROCESS_TREE);
        addIf(promises, limits.maxProcesses() > 0, PROCESSES);
        addIf(promises, limits.memoryBytes() > 0, MEMORY);
        addIf(promises, limits.cpuPercent() > 0, CPU_SHARE);
        addIf(promises, limits.cpuSeconds() > 0, CPU_TIME);
        addIf(promises, limits.fileSizeBytes() > 0, FILE_SIZE);
        return List.copyOf(promises);
    }

    private static void addIf(List<Promise> promises, boolean made, Promise promise) {
        if (made) {
            promises.add(promise);
        }
    }
}
