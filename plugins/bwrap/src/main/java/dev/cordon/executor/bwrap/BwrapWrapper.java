package dev.cordon.executor.bwrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code /bin/sh} command that starts bwrap. Java cannot hand a child any descriptor above 2
 * (the JDK's spawn helper closes them), but bwrap reads its options, its seccomp program and
 * writes its status through descriptors; a tiny shell opens them, sets the rlimits, and starts
 * bwrap.
 *
 * <p>When the child is started from a thread that waits for the run (the caller's), the shell
 * replaces itself with bwrap ({@code exec}). When it is started from a thread that may end right
 * after the start (cgroup placement does that), the shell waits for bwrap instead:
 * {@code --die-with-parent} ties bwrap to its parent <em>thread</em>, and that thread ending would
 * kill the sandbox at once. The single-threaded shell is a parent that lives exactly as long as
 * the run; killing it still takes the whole sandbox down, and its exit status is bwrap's
 * ({@code 128 + n} for a signal).
 *
 * <p>The script text contains only numbers; every path reaches the shell as a positional
 * parameter, never inside the script, so no path can inject shell syntax.
 */
final class BwrapWrapper {

    static final Path SHELL = Path.of("/bin/sh");
    /** The wrapper's own exit status when it could not prepare the launch; bwrap then never ran. */
    static final int SETUP_FAILED = 125;

    private BwrapWrapper() {
    }

    /**
     * The wrapper's argv.
     *
     * @param files the run's options, seccomp program and status files
     * @param rlimits the per-process limits to set
     * @param bwrap the bwrap binary
     * @param command the command, starting with {@code --}
     */
    static List<String> argv(BwrapRunFiles files, BwrapRlimits rlimits, Parent parent, Path bwrap, List<String> command) {
        List<String> argv = new ArrayList<>();
        argv.add(SHELL.toString());
        argv.add("-c");
        argv.add(script(rlimits, parent));
        argv.add("sh");
        argv.add(files.options().toString());
        argv.add(files.seccomp().toString());
        argv.add(files.status().toString());
        argv.add(bwrap.toString());
        argv.add("--args");
        argv.add(Integer.toString(BwrapArguments.ARGS_FD));
        argv.addAll(command);
        return argv;
    }

    /** The script: positional parameters 1-3 are the files, the rest is bwrap's argv. */
    static String script(BwrapRlimits rlimits, Parent parent) {
        StringBuilder script = new StringBuilder();
        script.append("a=$1 s=$2 t=$3; shift 3; ");
        for (String limit : rlimits.ulimitCommands()) {
            script.append(limit).append(" || exit ").append(SETUP_FAILED).append("; ");
        }
        script.append(parent == Parent.EXEC ? "exec \"$@\" " : "\"$@\" ")
                .append(BwrapArguments.ARGS_FD).append("<\"$a\" ")
                .append(BwrapArguments.SECCOMP_FD).append("<\"$s\" ")
                .append(BwrapArguments.STATUS_FD).append(">\"$t\"");
        return script.toString();
    }

    /** Whether the shell replaces itself with bwrap or stays as its parent. */
    enum Parent {
        /** The starting thread waits for the run: the shell becomes bwrap. */
        EXEC,
        /** The starting thread may end at once: the shell stays and waits for bwrap. */
        WAIT
    }
}
