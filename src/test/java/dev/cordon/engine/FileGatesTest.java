package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.profile.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order of gates 0–4 and 8 for file tools, and that an earlier gate beats a later one. */
class FileGatesTest {

    private static void assertDecided(Evaluation e, Decision decision, String rule) {
        assertEquals(decision + " " + rule, e.decision() + " " + e.rule(), e.toString());
    }

    @Test
    void plainReadIsAllowedByTheDefault() {
        Evaluation e = Decider.standard().read("src/Main.java");
        assertDecided(e, Decision.ALLOW, "gate.default-allow");
        assertTrue(e.enforced());
        assertEquals(Layer.POLICY, e.layer());
        assertEquals(GateCheck.Result.DECIDED, e.gates().get(9).result());
    }

    @Test
    void gate0ProtectsGitHooksThatDoNotExistYet() {
        Evaluation e = Decider.standard().write(".git/hooks/pre-commit");
        assertDecided(e, Decision.DENY, "protected.git-hooks");
        assertEquals(0, e.matches().get(0).gate());
        assertTrue(e.reason().contains("/home/dev/project/.git/hooks/pre-commit"), e.reason());
    }

    @Test
    void gate0BeatsAnExplicitPathRuleAllow() {
        Profile p = TestProfiles.standard().pathRule("anything-goes", "/**", Decision.ALLOW).build();
        Evaluation e = new Decider(p).write("~/.bashrc");
        assertDecided(e, Decision.DENY, "protected.shell-startup");
        Match lost = e.matches().stream().filter(m -> m.rule().equals("anything-goes")).findFirst().orElseThrow();
        assertEquals(2, lost.gate());
        assertTrue(lost.lost().contains("gate 0"), lost.lost());
    }

    @Test
    void gate0HoldsEvenWhenModeIsOff() {
        Profile off = TestProfiles.standard().mode(Profile.Mode.OFF).build();
        assertDecided(new Decider(off).write(".vscode/settings.json"), Decision.DENY, "protected.agent-settings");
        Evaluation secret = new Decider(off).read(".env");
        assertDecided(secret, Decision.ALLOW, "mode.off-allows");
        assertFalse(secret.enforced());
        assertTrue(secret.reason().contains("WITHOUT POLICY"), secret.reason());
        Match waived = secret.matches().stream().filter(m -> m.rule().equals("path.deny-profile")).findFirst()
                .orElseThrow();
        assertTrue(waived.lost().startsWith("mode is off"), waived.lost());
    }

    @Test
    void gate0RefusesContainerSocketsAndOtherProcessesEnvironment() {
        assertDecided(Decider.standard().read("/var/run/docker.sock"), Decision.DENY, "protected.container-socket");
        assertDecided(Decider.standard().read("/run/user/1000/podman/podman.sock"), Decision.DENY,
                "protected.container-socket");
        assertDecided(Decider.standard().read("/proc/1/environ"), Decision.DENY, "protected.process-environ");
        assertDecided(Decider.standard().read("/proc/1/task/1/environ"), Decision.DENY, "protected.process-environ");
        assertDecided(Decider.standard().read("/proc/self/environ"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void gate0ProtectsPolicyFilesAndFoldersInForce(@TempDir Path dir) throws IOException {
        Path profile = Files.writeString(dir.resolve("ci.yaml"), "mode: strict\n");
        Path rules = dir.resolve("rules");
        Decider d = Decider.standard().policyFiles(profile, rules);
        assertDecided(d.write(profile.toString()), Decision.DENY, "protected.policy-files");
        assertDecided(d.write(rules.resolve("new.drl").toString()), Decision.DENY, "protected.policy-files");
        assertDecided(d.read(profile.toString()), Decision.ALLOW, "gate.default-allow");
        assertDecided(d.write(dir.resolve("notes.txt").toString()), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void gate0ProtectsCordonConfigWhereverItIs() {
        assertDecided(Decider.standard().write(".cordon/config.yaml"), Decision.DENY, "protected.cordon-config");
        assertDecided(Decider.standard().write("~/.config/cordon/approvals.yaml"), Decision.DENY,
                "protected.cordon-config");
    }

    @Test
    void gate1ReadOnlyRefusesWritesButNotReads() {
        Decider d = new Decider(TestProfiles.standard().readOnly().build());
        assertDecided(d.write("src/Main.java"), Decision.DENY, "mode.read-only-write");
        assertDecided(d.read("src/Main.java"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void gate1BeatsAnExplicitPathRuleAllow() {
        Profile p = TestProfiles.standard().readOnly().pathRule("src", "/home/dev/project/**", Decision.ALLOW).build();
        assertDecided(new Decider(p).write("src/Main.java"), Decision.DENY, "mode.read-only-write");
    }

    @Test
    void gate2FirstMatchingPathRuleWins() {
        Profile p = TestProfiles.standard()
                .pathRule("logs-ask", "**/*.log", Decision.ASK)
                .pathRule("logs-deny", "**/*.log", Decision.DENY)
                .build();
        Evaluation e = new Decider(p).read("build/out.log");
        assertDecided(e, Decision.ASK, "logs-ask");
        assertTrue(e.matches().stream().noneMatch(m -> m.rule().equals("logs-deny")), e.matches().toString());
    }

    @Test
    void gate2AllowShadowsDeniedPathsForThatFileOnly() {
        Profile p = TestProfiles.standard().pathRule("ssh-config", "**/.ssh/config", Decision.ALLOW).build();
        Evaluation config = new Decider(p).read("~/.ssh/config");
        assertDecided(config, Decision.ALLOW, "ssh-config");
        Match shadowed = config.matches().stream().filter(m -> m.rule().equals("path.deny-profile")).findFirst()
                .orElseThrow();
        assertTrue(shadowed.lost().contains("gate 2"), shadowed.lost());
        assertDecided(new Decider(p).read("~/.ssh/id_ed25519"), Decision.DENY, "path.deny-profile");
    }

    @Test
    void gate2RuleAppliesOnlyToItsTools() {
        Profile p = TestProfiles.standard().pathRule("no-docs-writes", "**/docs/**", Decision.DENY, "write_file").build();
        assertDecided(new Decider(p).write("docs/a.md"), Decision.DENY, "no-docs-writes");
        assertDecided(new Decider(p).read("docs/a.md"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void gate3ProfileDeniedPaths() {
        Profile p = TestProfiles.standard().deny("**/*.sqlite").build();
        assertDecided(new Decider(p).read("data/app.sqlite"), Decision.DENY, "path.deny-profile");
    }

    @Test
    void gate3BeatsGate4() {
        Profile p = TestProfiles.standard().allow("/home/dev/project/**").build();
        assertDecided(new Decider(p).read(".env"), Decision.DENY, "path.deny-profile");
    }

    @Test
    void gate4RefusesAccessOutsideAllowedPaths() {
        Profile p = TestProfiles.standard().allow("/home/dev/project/**").build();
        assertDecided(new Decider(p).read("/etc/hosts"), Decision.DENY, "path.outside-allowed");
        assertDecided(new Decider(p).read("../other/x.txt"), Decision.DENY, "path.outside-allowed");
        assertDecided(new Decider(p).read("src/Main.java"), Decision.ALLOW, "gate.default-allow");
        assertDecided(new Decider(p).tool("list_directory", "."), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void gate4FollowsSymlinksOutOfTheAllowedPaths(@TempDir Path dir) throws IOException {
        Path workspace = Files.createDirectories(dir.resolve("ws"));
        Path outside = Files.writeString(dir.resolve("outside.txt"), "x");
        Path link = Files.createSymbolicLink(workspace.resolve("link.txt"), outside);
        Profile p = TestProfiles.standard().allow(workspace + "/**").build();
        assertDecided(new Decider(p).read(link.toString()), Decision.DENY, "path.outside-allowed");
        Evaluation e = new Decider(p).read(link.toString());
        assertEquals(outside.toString(), e.accesses().get(0).real());
    }

    @Test
    void deniedPathReachedThroughASymlinkIsRefused(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("server.pem"), "x");
        Path link = Files.createSymbolicLink(dir.resolve("innocent.txt"), secret);
        assertDecided(Decider.standard().read(link.toString()), Decision.DENY, "path.deny-profile");
    }

    @Test
    void gate8AsksBeforeWritesWhenTheProfileSaysSo() {
        Decider d = new Decider(TestProfiles.standard().askWrites().build());
        assertDecided(d.write("src/Main.java"), Decision.ASK, "approval.ask-before-write");
        assertDecided(d.read("src/Main.java"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void standingApprovalTurnsGate8IntoAllowButNeverAHardGate() {
        StandingApproval always = new StandingApproval("approved.writes", "write_file", List.of(),
                new Provenance(Provenance.Layer.APPROVAL, "approvals.yaml", 3, 3));
        Decider d = new Decider(TestProfiles.standard().askWrites().build()).approvals(always);
        Evaluation e = d.write("src/Main.java");
        assertDecided(e, Decision.ALLOW, "approved.writes");
        assertEquals(Layer.APPROVAL, e.layer());
        assertEquals("approvals.yaml", e.file());
        assertEquals(3, e.line());
        assertDecided(d.write(".env"), Decision.DENY, "path.deny-profile");
        assertDecided(d.write(".git/config"), Decision.DENY, "protected.git-config");
    }

    @Test
    void standingApprovalForAnotherToolDoesNotApply() {
        StandingApproval other = new StandingApproval("approved.edits", "edit_file", List.of(),
                new Provenance(Provenance.Layer.APPROVAL, "approvals.yaml", 1, 3));
        Decider d = new Decider(TestProfiles.standard().askWrites().build()).approvals(other);
        assertDecided(d.write("src/Main.java"), Decision.ASK, "approval.ask-before-write");
    }

    @Test
    void customToolsAskWhenExecutionNeedsApproval() {
        Decider d = new Decider(TestProfiles.standard().askExecute().build());
        assertDecided(d.tool("deploy", null), Decision.ASK, "approval.ask-before-custom-tool");
    }

    @Test
    void permissiveModeReportsTheRealDecisionUnenforced() {
        Decider d = new Decider(TestProfiles.standard().mode(Profile.Mode.PERMISSIVE).build());
        Evaluation e = d.read("~/.aws/credentials");
        assertDecided(e, Decision.DENY, "path.deny-profile");
        assertFalse(e.enforced());
    }

    @Test
    void everyGateIsReported() {
        Evaluation e = Decider.standard().read("~/.ssh/id_rsa");
        assertEquals(10, e.gates().size());
        assertEquals(GateCheck.Result.DECIDED, e.gates().get(3).result());
        assertEquals(GateCheck.Result.PASSED, e.gates().get(0).result());
    }
}
