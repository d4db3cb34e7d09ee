package dev.cordon.dispatch;

import dev.cordon.approval.ApprovalSession;
import dev.cordon.profile.Overrides;
import dev.cordon.spi.OutputListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A command to decide and, if it may, run.
 *
 * @param command a shell command line, or null when {@code argv} is given
 * @param argv an argument vector, or null when {@code command} is given
 * @param cwd the caller's working directory
 * @param env the caller's environment (the child gets only what the profile passes through)
 * @param overrides command-line flags
 * @param approvals who answers ASK, remembering "always" answers for the session
 * @param listener receives the command's output as it is produced
 * @param session the session id written to the audit log
 */
public record RunRequest(
        String command,
        List<String> argv,
        Path cwd,
        Map<String, String> env,
        Overrides overrides,
        ApprovalSession approvals,
        OutputListener listener,
        String session) {

    public RunRequest {
        if ((command == null) == (argv == null)) {
            throw new IllegalArgumentException("give a command line or an argument vector");
        }
        argv = argv == null ? null : List.copyOf(argv);
        env = Map.copyOf(env);
    }
}
