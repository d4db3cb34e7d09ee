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
import dev.cordon.serve.BuildStamp;
import dev.cordon.serve.HookClient;
import dev.cordon.serve.RuntimeDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code cordon hook AGENT}: reads one hook event of that agent on standard input and answers on
 * standard output in its protocol. The launcher sends the event to the warm per-user server with
 * socat or curl and starts it when none runs; it comes here where neither is installed (then this
 * JVM asks the server, and starts it for later calls) or when no server can start
 * ({@code CORDON_HOOK_LOCAL=1}: decide in this process). See docs/serve.md.
 */
@Command(name = "hook", mixinStandardHelpOptions = true,
        description = {
            "Answer one tool-call hook of an agent: the event on standard input, the answer on standard output.",
            "AGENT: claude-code, codex, gemini-cli or json. Refusals exit 2 with the reason on standard error."})
public final class HookCommand implements Callable<Integer> {

    /** How long the server may take to decide one call. */
    private static final int DECIDE_SECONDS = 20;

    private final Context context;
    private final Services services;

    // Optional for picocli, so that `hook install …` reaches its subcommand; required below.
    @Parameters(index = "0", arity = "0..1", paramLabel = "AGENT", description = "claude-code, codex, gemini-cli or json.")
    String agent;

    /** Set by the launcher when no server could start: decide here, do not try one again. */
    static final String LOCAL = "CORDON_HOOK_LOCAL";

    public HookCommand(Context context, Services services) {
        this.context = context;
        this.services = services;
    }

    @Override
    public Integer call() throws IOException {
        HookAdapter adapter = agent == null ? null : Adapters.of(agent);
        if (adapter == null) {
            throw new UserError(ExitCode.USAGE, (agent == null ? "missing AGENT" : "unknown agent `" + agent + "`")
                    + ", expected one of " + String.join(", ", Adapters.agents()), "run `cordon hook --help`");
        }
        HookAnswer answer;
        try {
            byte[] event = EventInput.read(context.in(), Duration.ofSeconds(EventInput.seconds(context.env())));
            answer = "1".equals(context.env().get(LOCAL)) ? decideHere(adapter, event)
                    : fromServer(event).orElseGet(() -> {
                        startServer();
                        return decideHere(adapter, event);
                    });
        } catch (BadEvent e) {
            answer = HookAnswer.refusal(e.getMessage());
        } catch (RuntimeException e) {
            // Exit 1 would let the agent run the tool: whatever fails here is a refusal.
            answer = HookAnswer.refusal("internal error: " + e);
        }
        context.stdout().write(answer.stdout().getBytes(StandardCharsets.UTF_8));
        context.stdout().flush();
        context.stderr().write(answer.stderr().getBytes(StandardCharsets.UTF_8));
        context.stderr().flush();
        return answer.exitCode();
    }

    private HookAnswer decideHere(HookAdapter adapter, byte[] event) {
        return new HookRun(LivePolicy.over(context.home(), services::registry)).answer(adapter, event, context.env());
    }

    /** The running server's answer, as the launcher would get it with curl. */
    private java.util.Optional<HookAnswer> fromServer(byte[] event) {
        return HookClient.ask(RuntimeDir.of(context.env()).socket(), agent, BuildStamp.of(context.home()),
                context.env(), event, Duration.ofSeconds(DECIDE_SECONDS));
    }

    /** Starts the server in the background for the calls after this one; this one is decided here. */
    private void startServer() {
        RuntimeDir runtime = RuntimeDir.of(context.env());
        try {
            runtime.secure(RuntimeDir.currentUser());
            List<String> command = new ArrayList<>();
            if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
                command.add("/usr/bin/setsid");
            }
            command.addAll(List.of(context.home().resolve("bin/cordon").toString(), "serve", "--daemon"));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(runtime.log().toFile()))
                    .redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().putAll(context.env());
            builder.start();
        } catch (IOException e) {
            // No server: every call is decided in its own JVM, which is slow but the same policy.
        }
    }
}
