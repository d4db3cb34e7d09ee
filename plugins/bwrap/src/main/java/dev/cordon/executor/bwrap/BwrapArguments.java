package dev.cordon.executor.bwrap;

import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The bwrap options for one request. Pure: the same request and plan give the same options.
 *
 * <p>The options are handed to bwrap through {@code --args} from a file, not on its command line,
 * because every user of the machine can read a process's command line and the environment values
 * are among the options. Only the command itself stays on the command line, after {@code --}.
 */
final class BwrapArguments {

    static final String HOSTNAME = "cordon";
    /** The descriptor the launch wrapper opens the seccomp program on. */
    static final int SECCOMP_FD = 3;
    /** The descriptor the launch wrapper opens the options file on. */
    static final int ARGS_FD = 4;
    /** The descriptor bwrap reports its JSON status on (child pid, then the command's exit code). */
    static final int STATUS_FD = 5;

    private BwrapArguments() {
    }

    /**
     * The options (what goes into the {@code --args} file), without the command.
     *
     * @throws ExecutorException when the network policy cannot be enforced here, or an
     *     environment entry cannot be passed faithfully
     */
    static List<String> options(ExecRequest request, BwrapMountPlan plan) throws ExecutorException {
        return options(request, plan, Optional.empty());
    }

    /** The options, with the network fence's when the network is an allow-list. */
    static List<String> options(ExecRequest request, BwrapMountPlan plan, Optional<BwrapNetworkFence> fence)
            throws ExecutorException {
        List<String> options = new ArrayList<>();
        // Every namespace bwrap knows; the network one stays shared only for full network access.
        options.add("--unshare-all");
        if (shareNetwork(request.confinement().network())) {
            options.add("--share-net");
        }
        // As root, bwrap keeps the command's capabilities unless it gets its own user namespace and
        // they are dropped there: the command could otherwise unmount a mask or remount / writable.
        options.add("--unshare-user");
        options.add("--disable-userns");
        options.add("--cap-drop");
        options.add("ALL");
        // Ends every process in the sandbox when bwrap (or cordon) goes away, background ones too.
        options.add("--die-with-parent");
        // bwrap's own init would outlive bwrap for a moment and be left for the host's init to reap
        // (a JVM that is PID 1 in a container never does); the command's init is a shell instead.
        options.add("--as-pid-1");
        // A new session has no controlling terminal, so TIOCSTI cannot push keystrokes into ours.
        options.add("--new-session");
        options.add("--hostname");
        options.add(HOSTNAME);
        options.add("--clearenv");
        Map<String, String> env = new TreeMap<>(request.env());
        // The run's own temp: the private /tmp, whatever the caller's TMPDIR was.
        env.put("TMPDIR", BwrapMountPlan.TMP.toString());
        for (Map.Entry<String, String> entry : env.entrySet()) {
            checkEnvironment(entry.getKey(), entry.getValue());
            options.add("--setenv");
            options.add(entry.getKey());
            options.add(entry.getValue());
        }
        options.addAll(plan.arguments());
        fence.ifPresent(f -> options.addAll(f.options()));
        if (!request.confinement().writeRoots().contains(BwrapMountPlan.ROOT)) {
            // The sandbox root is bwrap's own tmpfs: make it read-only once everything is mounted.
            options.add("--remount-ro");
            options.add("/");
        }
        options.add("--chdir");
        options.add(request.cwd().toString());
        options.add("--add-seccomp-fd");
        options.add(Integer.toString(SECCOMP_FD));
        options.add("--json-status-fd");
        options.add(Integer.toString(STATUS_FD));
        for (String option : options) {
            checkNoNul("option", option);
        }
        return options;
    }

    /** What runs as PID 1 of the sandbox. */
    enum Init {
        /**
         * {@code /bin/sh} runs the command as its child and exits with its status: the command
         * keeps the signal behaviour of an ordinary process (PID 1 ignores signals it sends
         * itself), and when the shell exits the kernel ends everything left in the namespace.
         */
        SHELL,
        /** The command itself, when no shell is visible inside. */
        COMMAND
    }

    /** The sandbox's shell, as the command sees it. */
    static final String INIT_SHELL = "/bin/sh";

    /**
     * The init shell's script. bwrap always sets {@code PWD}, so it is removed again unless the
     * request sets it. The shell's own messages (such as {@code Killed} when the command dies of
     * a signal) go to the null device; the command runs in a subshell that restores the real
     * standard error before it becomes the command, so only the command writes to it.
     */
    static String initScript(Map<String, String> env) {
        return initScript(env, Optional.empty());
    }

    /** The init shell's script, starting the network fence's bridge first when there is one. */
    static String initScript(Map<String, String> env, Optional<BwrapNetworkFence> fence) {
        return initScript(env, fence, BwrapRlimits.NONE);
    }

    /**
     * The init shell's script, setting the rlimits first when it is asked to: they then hold for
     * the command and everything it starts, and not for bwrap. If one cannot be set, the command
     * does not run: the shell prints {@link #LIMITS_FAILED} and exits with {@link
     * #LIMITS_FAILED_STATUS}.
     */
    static String initScript(Map<String, String> env, Optional<BwrapNetworkFence> fence, BwrapRlimits rlimits) {
        String limits = rlimits.any()
                ? "{ " + String.join(" && ", rlimits.ulimitCommands()) + "; } || { echo '" + LIMITS_FAILED + "' >&2; exit "
                        + LIMITS_FAILED_STATUS + "; }; "
                : "";
        return limits + (env.containsKey("PWD") ? "" : "unset PWD; ") + "exec 3>&2 2>/dev/null; "
                + fence.map(BwrapNetworkFence::initLines).orElse("") + "(exec \"$@\" 2>&3 3>&-); exit $?";
    }

    /** What the init shell prints when it could not set the rlimits (the command did not run). */
    static final String LIMITS_FAILED = "cordon: the sandbox could not set the limits";
    /** The init shell's status then. */
    static final int LIMITS_FAILED_STATUS = 125;

    /** The command, as it follows {@code --} on bwrap's command line. */
    static List<String> command(ExecRequest request, Init init) throws ExecutorException {
        return command(request, init, Optional.empty());
    }

    /** The command, with the init shell starting the network fence's bridge when there is one. */
    static List<String> command(ExecRequest request, Init init, Optional<BwrapNetworkFence> fence)
            throws ExecutorException {
        return command(request, init, fence, BwrapRlimits.NONE);
    }

    /** The command, with the init shell setting the rlimits (only a shell can) and starting the bridge. */
    static List<String> command(ExecRequest request, Init init, Optional<BwrapNetworkFence> fence, BwrapRlimits rlimits)
            throws ExecutorException {
        for (String argument : request.argv()) {
            checkNoNul("argument", argument);
        }
        if (init != Init.SHELL && rlimits.any()) {
            throw new IllegalArgumentException("only the init shell sets rlimits");
        }
        List<String> command = new ArrayList<>();
        command.add("--");
        if (init == Init.SHELL) {
            command.addAll(List.of(INIT_SHELL, "-c", initScript(request.env(), fence, rlimits), "sh"));
            fence.ifPresent(f -> command.addAll(f.parameters()));
        }
        command.addAll(request.argv());
        return command;
    }

    /** The options file's content: each option followed by a NUL byte, as {@code --args} reads it. */
    static byte[] encode(List<String> options) {
        StringBuilder text = new StringBuilder();
        for (String option : options) {
            text.append(option).append('\0');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean shareNetwork(NetworkPolicy network) throws ExecutorException {
        return switch (network.mode()) {
            case NONE -> false;
            // bwrap shares the host network whole or not at all, so a deny-list on an open network
            // is the policy layer's to enforce; the run's notes say so.
            case FULL -> true;
            // The sandbox's own namespace; the fence bridges the egress proxy into it.
            case ALLOW_LIST -> false;
        };
    }

    private static void checkEnvironment(String key, String value) throws ExecutorException {
        if (key.isEmpty() || key.indexOf('=') >= 0) {
            throw new ExecutorException("environment variable name `" + key + "` is not valid");
        }
        checkNoNul("environment variable `" + key + "`", key);
        checkNoNul("environment variable `" + key + "`", value);
    }

    private static void checkNoNul(String what, String text) throws ExecutorException {
        if (text.indexOf('\0') >= 0) {
            throw new ExecutorException(what + " contains a NUL byte, which cannot be passed to a program");
        }
    }
}
