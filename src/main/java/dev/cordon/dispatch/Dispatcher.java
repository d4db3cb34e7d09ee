package dev.cordon.dispatch;

import dev.cordon.approval.Answer;
import dev.cordon.approval.ApprovalRequest;
import dev.cordon.approval.ApprovalSession;
import dev.cordon.approval.StandingApproval;
import dev.cordon.approval.StandingApprovals;
import dev.cordon.decision.Decision;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.engine.ShellQuoting;
import dev.cordon.executor.ChildEnvironment;
import dev.cordon.executor.ConfinementPlanner;
import dev.cordon.executor.Enforcement;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.executor.HiddenFiles;
import dev.cordon.executor.Selection;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import dev.cordon.request.Tool;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Promise;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Decides a command, asks when the policy says ASK, picks and sets up the executor, runs the
 * command and audits the outcome. Everything that cannot be set up refuses the command: nothing
 * ever runs with less isolation than the profile demands unless the profile names a fallback.
 */
public final class Dispatcher {

    private static final long DEFAULT_OUTPUT_KB = 1024;

    private final Path home;
    private final ExecutorRegistry registry;
    private final ProfileResolver resolver = new ProfileResolver();

    public Dispatcher(Path home, ExecutorRegistry registry) {
        this.home = home;
        this.registry = registry;
    }

    public RunOutcome run(RunRequest run) {
        Resolution resolution = resolver.resolve(PolicySources.of(home, run.cwd(), run.env(), run.overrides())
                .withExecutors(registry.declared()));
        Profile profile = resolution.profile();
        List<String> warnings = new ArrayList<>(resolution.warnings());
        Confinement planned = ConfinementPlanner.plan(profile, resolution.workspace(), run.env(), resolution.policyFiles());
        Selection selection = ExecutorChoice.select(registry, profile, run.overrides().executor(), planned);
        if (profile.mode() == Profile.Mode.OFF) {
            warnings.add("mode off: no policy and no confinement, the command runs with all of your rights");
        }
        if (selection.fallback()) {
            warnings.add("weaker isolation: " + selection.explanation());
        }
        String line = run.command() != null ? run.command() : ShellQuoting.join(run.argv());
        Request request = new Request(Tool.BASH, run.command(), run.argv(), null, run.cwd(), run.env(),
                resolution.workspace(), null);
        try (RunEgress egress = RunEgress.start(resolution, selection, run.cwd(), run.env())) {
            PolicyEngine engine = PolicyRules.engineFor(resolution);
            egress.rules(engine);
            Evaluation evaluation = engine.decide(request, profile, ExecutorChoice.facts(selection),
                    standingApprovals(run.env()), resolution.policyFiles());
            RunAudit audit = RunAudit.open(profile, run.session(), line, run.cwd());
            Verdict verdict = approve(run, line, evaluation, selection, profile, warnings);
            if (verdict.refusal() != null) {
                return audit.refused(new RunOutcome(evaluation, selection, null, verdict.refusal(), verdict.answer(),
                        warnings, profile.onViolation()));
            }
            // Matched now, right before the start: what exists when the command starts is hidden.
            HiddenFiles.Scan scan = profile.mode() == Profile.Mode.OFF ? HiddenFiles.NOTHING
                    : HiddenFiles.scan(resolution.workspace(), ConfinementPlanner.hiddenPatterns(profile));
            ExecResult result;
            try {
                Confinement confinement = HiddenFiles.hide(ConfinementPlanner.plan(profile, resolution.workspace(),
                        run.env(), resolution.policyFiles(), egress.endpoint()), scan);
                selection = selection.withEnforcement(enforcement(selection, confinement, profile, scan));
                Refusal gap = KernelGaps.refusal(selection, profile, verdict.consent(), warnings);
                if (gap != null) {
                    return audit.refused(new RunOutcome(evaluation, selection, null, gap, verdict.answer(), warnings,
                            profile.onViolation()));
                }
                ExecRequest exec = new ExecRequest(UUID.randomUUID().toString(), argv(run), run.cwd(),
                        egress.environment(ChildEnvironment.of(profile.environment(), run.env())), confinement,
                        timeout(run, profile), outputLimit(profile));
                result = selection.executor().execute(exec, run.listener());
            } catch (ExecutorException e) {
                return audit.refused(new RunOutcome(evaluation, selection, null, new Refusal(Refusal.Kind.EXECUTOR_FAILED,
                        "executor `" + selection.executor().id() + "` could not be set up, so nothing ran: "
                                + e.getMessage()), verdict.answer(), warnings, profile.onViolation(),
                        egress.violations()));
            }
            // The command has ended: closing the proxy ends what its background processes left open.
            egress.close();
            return audit.ran(new RunOutcome(evaluation, selection, result, null, verdict.answer(), warnings,
                    profile.onViolation(), egress.violations()));
        }
    }

    /** What the kernel keeps of the confinement the command really gets, and what it cannot. */
    private static Enforcement enforcement(Selection selection, Confinement confinement, Profile profile,
            HiddenFiles.Scan scan) {
        if (!selection.found() || profile.mode() == Profile.Mode.OFF) {
            return selection.enforcement();
        }
        Enforcement kept = Enforcement.of(selection.executor(), confinement);
        if (scan.incomplete().isPresent()) {
            kept = kept.withGap(Promise.HIDDEN_PATHS, "files matching the hidden patterns: " + scan.incomplete().get());
        }
        return kept;
    }

    /** Applies the decision and any separate question about weaker isolation. */
    private Verdict approve(RunRequest run, String line, Evaluation evaluation, Selection selection, Profile profile,
            List<String> warnings) {
        String answer = null;
        if (!evaluation.enforced() && evaluation.decision() != Decision.ALLOW
                && profile.mode() == Profile.Mode.PERMISSIVE) {
            warnings.add("permissive mode: the policy would have answered " + evaluation.decision() + " by `"
                    + evaluation.rule() + "`: " + evaluation.reason());
        }
        if (evaluation.enforced()) {
            switch (evaluation.decision()) {
                case DENY:
                    return Verdict.refused(Refusal.Kind.DENIED, "denied by `" + evaluation.rule() + "`: "
                            + evaluation.reason(), null);
                case ASK:
                    ApprovalSession.Outcome asked = run.approvals().resolve(new ApprovalRequest(Tool.BASH.name(), line,
                            evaluation.rule(), evaluation.reason(), ApprovalRequest.Kind.COMMAND));
                    answer = asked.auditLabel();
                    if (asked.warning() != null) {
                        warnings.add(asked.warning());
                    }
                    if (asked.answer() == Answer.DENIED) {
                        return Verdict.refused(Refusal.Kind.NOT_APPROVED,
                                "`" + evaluation.rule() + "` asks for approval and it was not given: "
                                + evaluation.reason(), answer);
                    }
                    break;
                case SANDBOX:
                    if (!selection.provides(Capability.WRITE_ISOLATION)) {
                        return Verdict.refused(Refusal.Kind.NO_SANDBOX,
                                "`" + evaluation.rule() + "` allows this only in a sandbox that "
                                + "isolates writes, and none is available: " + selection.explanation(), null);
                    }
                    break;
                case ALLOW:
                    break;
            }
        }
        String flagged = run.overrides().executor();
        boolean gaps = !selection.enforcement().complete();
        if (flagged != null && (!selection.missing().isEmpty() || gaps) && profile.mode() != Profile.Mode.OFF) {
            String weaker = "running under `" + flagged + "` gives up what the profile demands: "
                    + (selection.missing().isEmpty() ? "" : ExecutorRegistry.names(selection.missing()))
                    + (selection.missing().isEmpty() || !gaps ? "" : "; ")
                    + (gaps ? "left to the policy layer: " + selection.enforcement().gaps() : "");
            if (profile.escalation() == Profile.Escalation.DENY) {
                return Verdict.refused(Refusal.Kind.WEAKER_ISOLATION_FORBIDDEN,
                        weaker + "; the profile forbids weaker isolation", answer);
            }
            ApprovalSession.Outcome escalation = run.approvals().resolve(new ApprovalRequest(Tool.BASH.name(), line,
                    "escalation.executor", weaker, ApprovalRequest.Kind.ESCALATION));
            answer = escalation.auditLabel();
            if (escalation.answer() == Answer.DENIED) {
                return Verdict.refused(Refusal.Kind.WEAKER_ISOLATION_NOT_APPROVED,
                        weaker + "; weaker isolation was not approved", answer);
            }
            warnings.add("weaker isolation approved: " + weaker);
            return new Verdict(null, answer, KernelGaps.Consent.APPROVED);
        }
        if (!selection.found()) {
            return Verdict.refused(Refusal.Kind.NO_EXECUTOR,
                    "no executor can give the isolation the profile demands, so nothing ran: "
                    + selection.explanation(), answer);
        }
        return new Verdict(null, answer, KernelGaps.Consent.NONE);
    }

    /**
     * @param consent whether the user approved running with less than the profile demands
     */
    private record Verdict(Refusal refusal, String answer, KernelGaps.Consent consent) {
        static Verdict refused(Refusal.Kind kind, String why, String answer) {
            return new Verdict(new Refusal(kind, why), answer, KernelGaps.Consent.NONE);
        }
    }

    private static List<String> argv(RunRequest run) {
        if (run.argv() != null) {
            return run.argv();
        }
        return List.of("bash", "-c", run.command());
    }

    private static Duration timeout(RunRequest run, Profile profile) {
        Integer flag = run.overrides().timeoutSeconds();
        int seconds = flag != null ? flag : profile.resources().timeoutSeconds();
        return seconds > 0 ? Duration.ofSeconds(seconds) : Duration.ZERO;
    }

    private static long outputLimit(Profile profile) {
        int kb = profile.resources().outputKb();
        return (kb > 0 ? kb : DEFAULT_OUTPUT_KB) * 1024L;
    }

    private static Path userHome(Map<String, String> env) {
        return Path.of(PolicySources.homeDirectory(env));
    }

    private static List<StandingApproval> standingApprovals(Map<String, String> env) {
        try {
            return StandingApprovals.load(StandingApprovals.userFile(env));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the approvals file: " + e.getMessage(), e);
        }
    }
}
