package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import dev.cordon.hook.Adapters;
import dev.cordon.hook.BadEvent;
import dev.cordon.hook.EventInput;
import dev.cordon.hook.HookAdapter;
import dev.cordon.hook.HookAnswer;
import dev.cordon.hook.HookRun;
import dev.cordon.hook.LivePolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code cordon hook AGENT}: reads one hook event of that agent on standard input and answers on
 * standard output in its protocol, deciding in this process. The launcher sends the event to the
 * warm per-user service first and comes here only when none can run (see docs/serve.md).
 */
@Command(name = "hook", mixinStandardHelpOptions = true,
        description = {
            "Answer one tool-call hook of an agent: the event on standard input, the answer on standard output.",
            "AGENT: claude-code, codex, gemini-cli or json. Refusals exit 2 with the reason on standard error."})
public final class HookCommand implements Callable<Integer> {

    private final Context context;
    private final Services services;

    @Parameters(index = "0", paramLabel = "AGENT", description = "claude-code, codex, gemini-cli or json.")
    String agent;

    public HookCommand(Context context, Services services) {
        this.context = context;
        this.services = services;
    }

    @Override
    public Integer call() throws IOException {
        HookAdapter adapter = Adapters.of(agent);
        if (adapter == null) {
            throw new UserError(ExitCode.USAGE, "unknown agent `" + agent + "`, expected one of "
                    + String.join(", ", Adapters.agents()));
        }
        HookAnswer answer;
        try {
            byte[] event = EventInput.read(context.in(), Duration.ofSeconds(EventInput.seconds(context.env())));
            answer = new HookRun(LivePolicy.over(context.home(), services::registry))
                    .answer(adapter, event, context.env());
        } catch (BadEvent e) {
            answer = HookAnswer.refusal(e.getMessage());
        }
        context.stdout().write(answer.stdout().getBytes(StandardCharsets.UTF_8));
        context.stdout().flush();
        context.stderr().write(answer.stderr().getBytes(StandardCharsets.UTF_8));
        context.stderr().flush();
        return answer.exitCode();
    }
}
