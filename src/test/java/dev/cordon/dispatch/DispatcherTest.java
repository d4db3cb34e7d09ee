package dev.cordon.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.approval.Answer;
import dev.cordon.approval.ApprovalRequest;
import dev.cordon.approval.ApprovalSession;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.executor.FakeExecutor;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.Profile;
import dev.cordon.spi.OutputListener;
import dev.cordon.spi.Promise;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run flow with the real rules and profiles, and executors a test controls. */
class DispatcherTest {

    @TempDir
    Path temp;

    private Path workspace;
    private Map<String, String> env;
    private final FakeExecutor sandbox = FakeExecutor.full("sandbox", 100);
    private final FakeExecutor local = new FakeExecutor("local", 0, true);
    private final List<ApprovalRequest> asked = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        workspace = Files.createDirectories(temp.resolve("project"));
        Path home = Files.createDirectories(temp.resolve("home"));
        env = Map.of("HOME", home.toString(), "PATH", "/usr/bin:/bin", "AWS_SECRET_ACCESS_KEY", "secret",
                "XDG_CONFIG_HOME", home.resolve(".config").toString(), "XDG_STATE_HOME", home.resolve(".state").toString());
    }

    @Test
    void anAllowedCommandRunsUnderTheStrongestExecutorWithTheProfilesEnvironment() {
        RunOutcome outcome = run("echo hi > out.txt", Overrides.NONE, Answer.DENIED);

        assertTrue(outcome.ran(), outcome::toString);
        assertEquals("sandbox", outcome.result().executor());
        assertEquals(List.of("bash", "-c", "echo hi > out.txt"), sandbox.lastRequest.argv());
        assertNull(sandbox.lastRequest.env().get("AWS_SECRET_ACCESS_KEY"), "secrets stay behind");
        assertEquals("/usr/bin:/bin", sandbox.lastRequest.env().get("PATH"));
        assertTrue(sandbox.lastRequest.confinement().writeRoots().contains(workspace));
        assertEquals(List.of(), asked);
    }

    @Test
    void aDeniedCommandNeverReachesAnExecutor() {
        RunOutcome outcome = run("rm -r -f /", Overrides.NONE, Answer.APPROVED);

        assertNull(outcome.result());
        assertEquals(Refusal.Kind.DENIED, outcome.refusal().kind());
        assertTrue(outcome.refusal().message().startsWith("denied by `"), outcome.refusal().message());
        assertNull(sandbox.lastRequest);
        assertEquals(List.of(), asked, "no approval can override a hard gate");
    }

    @Test
    void askRunsOnlyWhenApproved() {
        RunOutcome refused = run("$EDITOR notes.txt", Overrides.NONE, Answer.DENIED);
        assertNull(refused.result());
        assertEquals(1, asked.size());

        RunOutcome approved = run("$EDITOR notes.txt", Overrides.NONE, Answer.APPROVED);
        assertTrue(approved.ran());
        assertEquals("APPROVED", approved.approval());
    }

    @Test
    void askingForAWeakerExecutorIsItsOwnQuestion() {
        Overrides weaker = new Overrides(null, null, "local", null, null);
        RunOutcome refused = new Dispatcher(root(), registry()).run(request("ls", weaker,
                r -> r.kind() == ApprovalRequest.Kind.ESCALATION ? Answer.DENIED : Answer.APPROVED));

        assertNull(refused.result());
        assertTrue(asked.stream().anyMatch(r -> r.kind() == ApprovalRequest.Kind.ESCALATION), asked::toString);
        assertEquals(Refusal.Kind.WEAKER_ISOLATION_NOT_APPROVED, refused.refusal().kind());
        assertTrue(refused.refusal().message().endsWith("weaker isolation was not approved"), refused.refusal().message());
        assertNull(local.lastRequest);

        RunOutcome approved = run("ls", weaker, Answer.APPROVED);
        assertEquals("local", approved.result().executor());
        assertTrue(approved.warnings().stream().anyMatch(w -> w.startsWith("weaker isolation approved")));
    }

    @Test
    void permissiveModeRunsWhatThePolicyWouldRefuseAndSaysSo() {
        RunOutcome outcome = run("cat ~/.ssh/id_rsa", new Overrides(null, Profile.Mode.PERMISSIVE, null, null, null),
                Answer.DENIED);

        assertTrue(outcome.ran());
        assertTrue(outcome.warnings().stream().anyMatch(w -> w.startsWith("permissive mode: the policy would have answered DENY")),
                outcome.warnings()::toString);
    }

    @Test
    void withNoExecutorThatMeetsTheProfileNothingRuns() {
        ExecutorRegistry onlyLocal = new ExecutorRegistry(List.of(local), List.of());
        RunOutcome outcome = new Dispatcher(root(), onlyLocal).run(request("ls", Overrides.NONE, Answer.APPROVED));

        assertNull(outcome.result());
        assertEquals(Refusal.Kind.NO_EXECUTOR, outcome.refusal().kind());
        assertTrue(outcome.refusal().message().startsWith("no executor can give the isolation the profile demands"),
                outcome.refusal().message());
        assertNull(local.lastRequest);
        assertNotNull(outcome.evaluation());
    }

    @Test
    void secretsMatchingTheHiddenPatternsAreHiddenAndTheTempRootsAreTheRunsOwn() throws Exception {
        Path env = Files.writeString(workspace.resolve(".env"), "KEY=1\n");
        Path pem = Files.writeString(Files.createDirectories(workspace.resolve("certs")).resolve("a.pem"), "x");
        Files.writeString(workspace.resolve("main.c"), "int main;\n");

        RunOutcome outcome = run("make", Overrides.NONE, Answer.APPROVED);

        assertTrue(outcome.ran(), outcome::toString);
        List<Path> hidden = sandbox.lastRequest.confinement().hiddenPaths();
        assertTrue(hidden.containsAll(List.of(env, pem)), hidden::toString);
        assertTrue(hidden.stream().noneMatch(p -> p.endsWith("main.c")));
        // workspace-write's ${TMPDIR} root is the run's private temp, not a host folder.
        assertEquals(List.of(workspace), sandbox.lastRequest.confinement().writeRoots());
        assertTrue(outcome.selection().enforcement().complete());
    }

    @Test
    void aGapIsRefusedUnderStrictAndListedUnderBestEffort() throws Exception {
        FakeExecutor leaky = FakeExecutor.full("leaky", 100).leaving(Promise.METADATA);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(leaky), List.of());

        RunOutcome strict = new Dispatcher(root(), registry).run(request("ls", Overrides.NONE, Answer.APPROVED));
        assertNull(strict.result());
        assertTrue(strict.refusal().message().contains("leaky leaves to the policy layer: metadata (fake gap)"), strict.refusal()::toString);

        Path config = Files.createDirectories(Path.of(env.get("XDG_CONFIG_HOME"), "cordon")).resolve("config.yaml");
        Files.writeString(config, "enforce: best-effort\n");
        RunOutcome bestEffort = new Dispatcher(root(), registry).run(request("ls", Overrides.NONE, Answer.APPROVED));
        assertEquals("leaky", bestEffort.result().executor());
        assertEquals(List.of(Promise.METADATA), bestEffort.selection().enforcement().policy().stream()
                .map(g -> g.promise()).toList());
        assertTrue(bestEffort.warnings().contains("left to the policy layer under `leaky` (enforce: best-effort): "
                + "metadata (fake gap)"), bestEffort.warnings()::toString);
    }

    @Test
    void anExecutorNamedOnTheCommandLineWithGapsIsAQuestionOfWeakerIsolation() {
        FakeExecutor leaky = FakeExecutor.full("leaky", 100).leaving(Promise.PROTECTED_PATHS);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(sandbox, leaky), List.of());
        Overrides flagged = new Overrides(null, null, "leaky", null, null);

        RunOutcome refused = new Dispatcher(root(), registry).run(request("ls", flagged,
                r -> r.kind() == ApprovalRequest.Kind.ESCALATION ? Answer.DENIED : Answer.APPROVED));
        assertNull(refused.result());
        assertTrue(refused.refusal().message().contains("left to the policy layer: protected-paths (fake gap)"), refused.refusal()::toString);

        RunOutcome approved = new Dispatcher(root(), registry).run(request("ls", flagged, Answer.APPROVED));
        assertEquals("leaky", approved.result().executor());
    }

    private RunOutcome run(String command, Overrides overrides, Answer answer) {
        return new Dispatcher(root(), registry()).run(request(command, overrides, answer));
    }

    private ExecutorRegistry registry() {
        return new ExecutorRegistry(List.of(sandbox, local), List.of());
    }

    private RunRequest request(String command, Overrides overrides, Answer answer) {
        return request(command, overrides, r -> answer);
    }

    private RunRequest request(String command, Overrides overrides,
            java.util.function.Function<ApprovalRequest, Answer> answers) {
        ApprovalSession approvals = ApprovalSession.inMemory(request -> {
            asked.add(request);
            return answers.apply(request);
        });
        return new RunRequest(command, null, workspace, env, overrides, approvals, OutputListener.NONE, "test");
    }

    private static Path root() {
        return Path.of(System.getProperty("cordon.root"));
    }
}
