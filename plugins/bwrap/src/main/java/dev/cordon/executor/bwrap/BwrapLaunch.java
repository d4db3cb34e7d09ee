package dev.cordon.executor.bwrap;

import dev.cordon.executor.support.Launcher;
import dev.cordon.linux.NativeSpawn;
import dev.cordon.linux.RunCgroup;
import dev.cordon.linux.Spawner;
import dev.cordon.linux.ThreadSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How bwrap itself is started. bwrap reads its options and seccomp program from descriptors and
 * writes its status to one, and the rlimits must hold before the command's first instruction.
 *
 * <ul>
 *   <li>{@link #DIRECT}: bwrap is the JVM's child, started with {@code posix_spawn}, which puts
 *       the seccomp program (by path) and the options and status (memory files: nothing on disk)
 *       on descriptors 3-5; the sandbox's init shell sets the rlimits before it starts the
 *       command. The spawning thread stays until bwrap ends, so {@code --die-with-parent} (which
 *       watches the parent <em>thread</em>) holds for the run.
 *   <li>{@link #WRAPPED}: a {@code /bin/sh} wrapper opens the three files and sets the rlimits,
 *       then starts bwrap ({@link BwrapWrapper}). Used where the native spawn is unavailable (the
 *       JDK's start hands a child no descriptor above 2), or when limits are asked for and no
 *       shell is visible inside to set them.
 * </ul>
 */
enum BwrapLaunch {
    DIRECT,
    WRAPPED;

    private static final int O_RDONLY = 0;

    /** A launch ready to go: bwrap's argv, what starts it, and its files (closed with it, after the run). */
    record Start(List<String> argv, Launcher launcher, BwrapLaunchFiles files) implements AutoCloseable {

        @Override
        public void close() {
            files.close();
        }
    }

    static BwrapLaunch of(BwrapArguments.Init init, BwrapRlimits rlimits) {
        boolean initSetsLimits = init == BwrapArguments.Init.SHELL || !rlimits.any();
        return NativeSpawn.unavailable().isEmpty() && initSetsLimits ? DIRECT : WRAPPED;
    }

    /** The rlimits the init shell sets under this launch (the wrapper sets them otherwise). */
    BwrapRlimits initRlimits(BwrapRlimits rlimits) {
        return this == DIRECT ? rlimits : BwrapRlimits.NONE;
    }

    /** Processes of the sandbox itself, counted on top of the command's process limit. */
    int sandboxProcesses() {
        // bwrap and the init shell; the wrapper too when it stays as bwrap's parent.
        return this == DIRECT ? 2 : 3;
    }

    /**
     * Writes the run's files and prepares bwrap's start with {@code command} (which begins with
     * {@code --}), into the run's cgroup when there is one.
     *
     * @param parent whether a wrapper may become bwrap (see {@link BwrapWrapper})
     * @param setup what the starting thread does first (a network fence's namespace), or none
     */
    Start prepare(BwrapScratch scratch, byte[] options, Path seccomp, BwrapRlimits rlimits, BwrapWrapper.Parent parent,
            Path bwrap, List<String> command, Optional<RunCgroup> cgroup, ThreadSetup setup) throws IOException {
        if (this == WRAPPED) {
            BwrapRunFiles files = scratch.newRun(options, seccomp);
            Launcher direct = setup == ThreadSetup.NONE ? Launcher.DIRECT : builder -> Spawner.start(builder, setup);
            return new Start(BwrapWrapper.argv(files, rlimits, parent, bwrap, command),
                    cgroup.map(run -> run.launcher(setup)).orElse(direct), files);
        }
        BwrapMemoryFiles files = BwrapMemoryFiles.of(options, seccomp);
        List<String> argv = new ArrayList<>();
        argv.add(bwrap.toString());
        argv.add("--args");
        argv.add(Integer.toString(BwrapArguments.ARGS_FD));
        argv.addAll(command);
        List<NativeSpawn.Inherited> inherited = List.of(
                NativeSpawn.Inherited.opened(BwrapArguments.SECCOMP_FD, files.seccomp(), O_RDONLY),
                NativeSpawn.Inherited.duplicated(BwrapArguments.ARGS_FD, files.options()),
                NativeSpawn.Inherited.duplicated(BwrapArguments.STATUS_FD, files.status()));
        Launcher spawn = setup == ThreadSetup.NONE
                ? builder -> Spawner.startUnconfined(builder, inherited)
                : builder -> Spawner.start(builder, inherited, setup);
        Launcher launcher = cgroup.<Launcher>map(run -> run.launcher(inherited, setup)).orElse(spawn);
        return new Start(argv, launcher, files);
    }
}
