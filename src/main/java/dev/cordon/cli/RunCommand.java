package dev.cordon.cli;

import dev.cordon.approval.AlwaysScope;
import dev.cordon.approval.ApprovalSession;
import dev.cordon.approval.Approvers;
import dev.cordon.approval.InputMode;
import dev.cordon.approval.StandingApprovals;
import dev.cordon.approval.TerminalApprover;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.dispatch.Dispatcher;
import dev.cordon.dispatch.RunOutcome;
import dev.cordon.dispatch.RunRequest;
import dev.cordon.profile.Profile;
import dev.cordon.spi.OutputListener;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cordon run}: decides a command and runs it under the chosen executor. Without
 * {@code --json} the command's output passes through and cordon exits with its exit code; a
 * refusal exits 126 with the reason on stderr.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Decide a command by policy, then run it inside the profile's sandbox.",
            "One word after `--` is a shell command line (run with bash -c); several words are an argument vector."})
public final class RunCommand implements Callable<Integer> {

    private final Context context;
    private final Services services;

    @Mixin
    ProfileOptions profile;

    @Option(names = "--json", description = "Print one JSON object with the decision, output, violations and usage.")
    boolean json;

    @Option(names = "--no-input", description = "Never ask a human: ASK is denied.")
    boolean noInput;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command line, or the program and its arguments.")
    List<String> command;

    public RunCommand(Context context, Services services) {
        this.context = context;
        this.services = services;
    }

    @Override
    public Integer call() {
        if (profile.timeoutSeconds != null && profile.timeoutSeconds <= 0) {
            throw new UserError(ExitCode.USAGE, "--timeout must be a positive number of seconds");
        }
        ApprovalSession approvals = ApprovalSession.keepingAlwaysIn(approver(),
                StandingApprovals.userFile(context.env()), Clock.systemUTC());
        RunRequest request = new RunRequest(
                command.size() == 1 ? command.get(0) : null,
                command.size() == 1 ? null : command,
                context.cwd(), context.env(), profile.overrides(), approvals,
                json ? OutputListener.NONE : OutputListenerTo.streams(context.stdout(), context.stderr()),
                UUID.randomUUID().toString());
        RunOutcome outcome = new Dispatcher(context.home(), services.registry()).run(request);
        boolean quiet = outcome.onViolation() == Profile.OnViolation.LOG;
        outcome.warnings().stream().filter(w -> !quiet || !w.startsWith("permissive mode"))
                .forEach(w -> context.err().println("warning: " + w));
        if (json) {
            context.out().println(RunJson.render(outcome));
        } else if (!outcome.ran()) {
            context.err().println("cordon: refused: " + outcome.refusal().message());
        } else if (!quiet) {
            // on_violation: block reports what the sandbox refused as errors, warn as warnings,
            // log only in the audit log.
            String prefix = outcome.onViolation() == Profile.OnViolation.WARN ? "warning: violation: " : "cordon: violation: ";
            outcome.result().violations().forEach(v -> context.err().println(
                    prefix + v.kind().name().toLowerCase() + ": " + v.detail()));
            outcome.connections().forEach(c -> context.err().println(prefix + "network: " + c.describe()));
        }
        return outcome.ran() ? outcome.result().exitCode() : ExitCode.REFUSED;
    }

    private dev.cordon.approval.Approver approver() {
        InputMode mode = noInput ? InputMode.NO_INPUT : InputMode.INTERACTIVE;
        return Approvers.choose(mode, context.env(),
                () -> context.terminal() ? TerminalApprover.openConsole(AlwaysScope.SAVED) : Optional.empty());
    }
}
