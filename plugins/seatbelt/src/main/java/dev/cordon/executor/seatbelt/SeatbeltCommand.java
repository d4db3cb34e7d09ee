package dev.cordon.executor.seatbelt;

import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The argv that runs a command under a profile: {@code sandbox-exec -p PROFILE argv…}, preceded
 * by a shell that sets the rlimits when there are any. The shell runs outside the sandbox and
 * replaces itself with {@code sandbox-exec}, so the profile need not allow it.
 */
final class SeatbeltCommand {

    /** {@code $0} of the limits shell, shown in process listings. */
    static final String SHELL_NAME = "cordon-seatbelt";

    private SeatbeltCommand() {
    }

    static List<String> argv(Path sandboxExec, String profile, Limits limits, List<String> command)
            throws ExecutorException {
        if (command.get(0).startsWith("-")) {
            // sandbox-exec would read it as one of its own options.
            throw new ExecutorException("seatbelt cannot run a program named `" + command.get(0) + "`: it starts with `-`");
        }
        List<String> argv = new ArrayList<>();
        Optional<String> script = SeatbeltLimits.script(limits);
        if (script.isPresent()) {
            argv.addAll(List.of("/bin/sh", "-c", script.get(), SHELL_NAME));
        }
        argv.add(sandboxExec.toString());
        argv.add("-p");
        argv.add(profile);
        argv.addAll(command);
        return argv;
    }
}
