package dev.cordon.cli;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.hook.settings.AgentSettings;
import dev.cordon.hook.settings.Agents;
import dev.cordon.hook.settings.Installation;
import dev.cordon.hook.settings.Scope;
import dev.cordon.serve.RuntimeDir;
import dev.cordon.serve.SocketService;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cordon hook status}: where cordon's hook is installed, and whether its server runs. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Say where cordon's hook is installed (user and current project settings of each agent),"
                + " and whether the server that answers it runs.")
public final class HookStatusCommand implements Callable<Integer> {

    private final Context context;

    HookStatusCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Installation installation = new Installation(context.home().resolve("bin").resolve("cordon"), context.env(),
                context.cwd());
        PrintWriter out = context.out();
        for (AgentSettings agent : Agents.all()) {
            for (Scope scope : Scope.values()) {
                agent.status(scope, installation).forEach(out::println);
            }
        }
        RuntimeDir runtime = RuntimeDir.of(context.env());
        out.println(SocketService.holder(runtime)
                .map(p -> "server: running (pid " + p.pid() + "), socket " + runtime.socket())
                .orElse("server: not running; the first hook call starts it (socket " + runtime.socket() + ")"));
        return ExitCode.OK;
    }
}
