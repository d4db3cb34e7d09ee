package dev.cordon.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.dispatch.RunOutcome;
import dev.cordon.egress.EgressViolation;
import dev.cordon.engine.Evaluation;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Violation;
import java.util.Locale;

/** The {@code run --json} object; its fields are documented in {@code docs/json.md}. */
final class RunJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunJson() {
    }

    static String render(RunOutcome outcome) {
        Evaluation evaluation = outcome.evaluation();
        ObjectNode root = JSON.createObjectNode();
        root.put("decision", evaluation.decision().name());
        root.put("rule", evaluation.rule());
        PolicyJson.source(root, evaluation.source());
        root.put("reason", evaluation.reason());
        root.put("enforced", evaluation.enforced());
        root.put("profile", evaluation.profile());
        root.put("mode", evaluation.mode().name().toLowerCase());
        root.put("ran", outcome.ran());
        root.put("refusal", outcome.refusal() == null ? null : outcome.refusal().message());
        root.put("refusal_kind", outcome.refusal() == null ? null
                : outcome.refusal().kind().name().toLowerCase(java.util.Locale.ROOT));
        root.put("approval", outcome.approval());
        root.put("executor", outcome.selection().found() ? outcome.selection().executor().id() : null);
        root.put("executor_choice", outcome.selection().explanation());
        EnforcementJson.put(root.putObject("enforcement"), outcome.selection().enforcement());
        ExecResult result = outcome.result();
        if (result == null) {
            root.putNull("exit_code");
            root.put("timed_out", false);
            root.put("stdout", "");
            root.put("stderr", "");
            root.putArray("violations");
            root.putNull("usage");
        } else {
            root.put("exit_code", result.exitCode());
            root.put("signal", result.signal());
            root.put("timed_out", result.timedOut());
            root.put("stdout", result.stdout());
            root.put("stderr", result.stderr());
            root.put("stdout_truncated", result.stdoutTruncated());
            root.put("stderr_truncated", result.stderrTruncated());
            ArrayNode violations = root.putArray("violations");
            for (Violation v : result.violations()) {
                violations.addObject().put("kind", v.kind().name()).put("detail", v.detail());
            }
            for (EgressViolation c : outcome.connections()) {
                ObjectNode node = violations.addObject();
                node.put("kind", Violation.Kind.NETWORK.name());
                node.put("detail", c.describe());
                node.put("host", c.host());
                node.put("port", c.port());
                node.put("address", c.address());
                node.put("via", c.via().name().toLowerCase(Locale.ROOT));
                node.put("url", c.url());
                node.put("rule", c.decision().rule());
                node.put("file", c.decision().file());
                node.put("line", c.decision().line());
                node.put("enforced", c.enforced());
            }
            ObjectNode usage = root.putObject("usage");
            usage.put("wall_ms", result.usage().wall().toMillis());
            usage.put("cpu_ms", result.usage().cpu().toMillis());
            usage.put("peak_memory_bytes", result.usage().peakMemoryBytes());
            ArrayNode notes = root.putArray("notes");
            result.notes().forEach(notes::add);
        }
        ArrayNode warnings = root.putArray("warnings");
        outcome.warnings().forEach(warnings::add);
        return root.toString();
    }
}
