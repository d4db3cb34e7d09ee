package dev.cordon.cli;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.engine.Evaluation;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Connection;
import dev.cordon.request.Tool;
import dev.cordon.spi.Confinement;
import java.nio.file.Path;

/**
 * Everything {@code cordon policy test} shows about one request.
 *
 * @param tool the tool
 * @param command the shell command line, or null for a file tool
 * @param path the file tool's path, or null
 * @param connection the destination of a network request, or null
 * @param cwd the working directory
 * @param resolution the policy in force
 * @param evaluation the decision and its explanation
 * @param executor the executor that would run it
 * @param confinement the OS confinement it would run under
 */
record PolicyReport(Tool tool, String command, String path, Connection connection, Path cwd, Resolution resolution,
        Evaluation evaluation, ExecutorFacts executor, Confinement confinement) {

    /** What was asked about, after the tool: the command line, the path, or {@code host:port}. */
    String subject() {
        return command != null ? command : connection != null ? connection.hostPort() : path;
    }

    /** The exit code of {@code policy test}: the decision. */
    int exitCode() {
        return exitCode(evaluation.decision());
    }

    static int exitCode(Decision decision) {
        return ExitCode.of(decision);
    }
}
