package dev.cordon.hook;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.ShellQuoting;
import dev.cordon.fact.Gate;
import dev.cordon.profile.Profile;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One hook call from event to answer. Whatever goes wrong on the way — an event the protocol does
 * not allow, a policy that does not load, an error — ends in a refusal the agent honours: the
 * hook fails closed.
 */
public final class HookRun {

    private final HookPolicy policy;

    public HookRun(HookPolicy policy) {
        this.policy = policy;
    }

    /**
     * The answer to one event.
     *
     * @param adapter the agent's protocol
     * @param event the bytes the agent wrote on standard input
     * @param env the hook's environment
     */
    public HookAnswer answer(HookAdapter adapter, byte[] event, Map<String, String> env) {
        try {
            ObjectNode json = Events.parse(event);
            ToolCall call = adapter.read(json, env);
            Resolution resolution = policy.resolve(call.cwd(), call.workspace(), env);
            Verdict verdict = decide(call, resolution, env);
            HookAudit.record(resolution.profile(), adapter.agent(), call, verdict);
            return adapter.answer(call, verdict);
        } catch (BadEvent e) {
            return HookAnswer.refusal(e.getMessage());
        } catch (PolicyException e) {
            Problem first = e.problems().get(0);
            return HookAnswer.refusal("the policy does not load: " + first.render()
                    + (e.problems().size() > 1 ? " (and " + (e.problems().size() - 1) + " more)" : ""));
        } catch (IOException e) {
            return HookAnswer.refusal("the audit log cannot be written: " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            return HookAnswer.refusal("internal error: " + e);
        }
    }

    /** The verdict on a call: the most severe decision of its requests. */
    private Verdict decide(ToolCall call, Resolution resolution, Map<String, String> env) {
        Profile profile = resolution.profile();
        if (call.kind() == ToolCall.Kind.OTHER) {
            return byProfile(profile, "cordon cannot check tool `" + call.tool() + "`");
        }
        Evaluation worst = null;
        for (ToolCall.Check check : call.checks()) {
            Path cwd = check.cwd() != null ? check.cwd() : call.cwd();
            Request request = new Request(check.tool(), check.command(), null, check.path(), cwd, env,
                    resolution.workspace(), check.connection());
            Evaluation evaluation = policy.decide(resolution, request, env);
            if (worst == null || severity(evaluation) > severity(worst)) {
                worst = evaluation;
            }
        }
        if (call.kind() == ToolCall.Kind.MCP && decidedByDefault(worst)) {
            return byProfile(profile, "no rule decides MCP tool `" + call.tool() + "`");
        }
        Decision decision = worst.enforced() ? worst.decision() : Decision.ALLOW;
        String confined = decision == Decision.SANDBOX && call.kind() == ToolCall.Kind.SHELL
                ? confined(call.command(), profile.name(), resolution.workspace()) : null;
        return new Verdict(decision, worst.decision(), worst.rule(), worst.file(), worst.line(), worst.reason(),
                profile.name(), profile.mode(), profile.hooks(), confined);
    }

    /** Only what refuses outranks, and among refusals the stronger one; enforced decisions first. */
    private static int severity(Evaluation evaluation) {
        return evaluation.enforced() ? evaluation.decision().ordinal() : -1;
    }

    private static boolean decidedByDefault(Evaluation evaluation) {
        return !evaluation.matches().isEmpty() && evaluation.matches().get(0).gate() == Gate.DEFAULT.step();
    }

    /** The profile's {@code hooks.other_tools} decides. */
    private static Verdict byProfile(Profile profile, String why) {
        Provenance origin = profile.origins().get("hooks.other_tools");
        Decision decision = switch (profile.hooks().otherTools()) {
            case ALLOW -> Decision.ALLOW;
            case ASK -> Decision.ASK;
            case DENY -> Decision.DENY;
        };
        String reason = why + "; the profile answers `" + decision.name().toLowerCase(java.util.Locale.ROOT)
                + "` for such tools";
        return new Verdict(decision, decision, "hooks.other_tools", origin == null ? "profile " + profile.name()
                : origin.file(), origin == null ? 0 : origin.line(), reason, profile.name(), profile.mode(),
                profile.hooks(), null);
    }

    /** The command line that runs a command under {@code cordon run}, with the same profile and workspace. */
    private String confined(String command, String profile, Path workspace) {
        return ShellQuoting.join(List.of(policy.home().resolve("bin").resolve("cordon").toString(), "run",
                "--profile", profile, "--workspace", workspace.toString(), "--", command));
    }
}
