package dev.cordon.cli;

import dev.cordon.dispatch.PolicyRules;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.PolicyEnvironment;
import dev.cordon.engine.ShellQuoting;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Connection;
import dev.cordon.request.Request;
import dev.cordon.request.Tool;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cordon policy test [--tool T] [--path P | --host H [--port N]] [--profile NAME] [--json] -- COMMAND…}:
 * decides one request without running it and explains the decision. One word after {@code --} is
 * a shell command line; several are an argument vector; {@code --host} asks about a network
 * connection as the egress proxy would before looking the name up.
 */
@Command(name = "test", description = {
    "Decide one request without running it, and explain the decision.",
    "One word after -- is a shell command line; several words are an argument vector."},
        mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ALLOW", "10:DENY", "11:ASK", "12:SANDBOX", "2:usage error", "3:invalid rules or profiles",
            "1:internal error"})
public final class PolicyTestCommand implements Callable<Integer> {

    @ParentCommand
    PolicyCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    ProfileOptions profile;

    @Option(names = "--tool", paramLabel = "T", description = "The tool (default: bash for a command, read_file for --path).")
    String tool;

    @Option(names = "--path", paramLabel = "P", description = "The path of a file tool.")
    String path;

    @Option(names = "--host", paramLabel = "H", description = "The host of a network connection (tool network).")
    String host;

    @Option(names = "--port", paramLabel = "N", description = "The port of that connection (default: 443).")
    Integer port;

    @Option(names = "--json", description = "Print the decision as JSON (see docs/json.md).")
    boolean json;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The shell command line, or an argument vector.")
    List<String> command = List.of();

    @Override
    public Integer call() {
        int subjects = (command.isEmpty() ? 0 : 1) + (path == null ? 0 : 1) + (host == null ? 0 : 1);
        if (subjects != 1) {
            throw new ParameterException(spec.commandLine(),
                    "give one of `--path P`, `--host H` or a command after `--`");
        }
        Tool chosenTool = tool != null ? Tool.of(tool)
                : !command.isEmpty() ? Tool.BASH : host != null ? Tool.NETWORK : Tool.READ_FILE;
        if (!command.isEmpty() && !chosenTool.isShell()) {
            throw new ParameterException(spec.commandLine(), "tool `" + chosenTool + "` takes `--path`, not a command");
        }
        if ((host != null) != Tool.NETWORK.equals(chosenTool)) {
            throw new ParameterException(spec.commandLine(), host != null
                    ? "`--host` asks about a network connection: use `--tool network` or leave `--tool` out"
                    : "tool `network` takes `--host H` and `--port N`");
        }
        if (port != null && host == null) {
            throw new ParameterException(spec.commandLine(), "`--port` goes with `--host`");
        }
        Connection connection = host == null ? null : connection();
        PolicyEnvironment env = parent.environment();
        Resolution resolution = env.resolve(profile.overrides());
        String line = command.isEmpty() ? null : command.size() == 1 ? command.get(0) : ShellQuoting.join(command);
        Request request = new Request(chosenTool, line, null, path, env.cwd(), env.env(), resolution.workspace(),
                connection);
        ExecutorFacts executor = env.executorFor(resolution.profile());
        Evaluation evaluation = PolicyEngine.load(PolicyRules.dirs(resolution)).decide(request, resolution.profile(),
                executor, env.approvals(), resolution.policyFiles());
        PolicyReport report = new PolicyReport(chosenTool, line, path, connection, env.cwd(), resolution, evaluation,
                executor, env.confinement(resolution));
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? PolicyJson.render(report) + "\n" : PolicyExplanation.render(report));
        out.flush();
        return report.exitCode();
    }

    private Connection connection() {
        int chosenPort = port == null ? 443 : port;
        if (chosenPort < 1 || chosenPort > 65535) {
            throw new ParameterException(spec.commandLine(), "`--port` must be from 1 to 65535, got `" + chosenPort + "`");
        }
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!Connection.validHost(name)) {
            throw new ParameterException(spec.commandLine(), "`--host` must be a host name or an address, got `"
                    + host + "`");
        }
        return Connection.to(name, chosenPort);
    }
}
