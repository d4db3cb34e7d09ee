package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.approval.StandingApproval;
import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Gates 1 and 5–8 for shell commands, what cannot be parsed, and standing approvals. */
class ShellGatesTest {

    private static final ExecutorFacts LOCAL = ExecutorFacts.none("local");

    private static void assertDecided(Evaluation e, Decision decision, String rule) {
        assertEquals(decision + " " + rule, e.decision() + " " + e.rule(), e.matches().toString());
    }

    private static StandingApproval approval(String id, String... prefix) {
        return new StandingApproval(id, "bash", List.of(prefix), new Provenance(Provenance.Layer.APPROVAL, "approvals.yaml", 7, 3));
    }

    @Test
    void gate1ReadOnlyRefusesEveryCommand() {
        Decider d = new Decider(TestProfiles.standard().readOnly().build());
        assertDecided(d.shell("ls"), Decision.DENY, "mode.read-only-execute");
    }

    @Test
    void gate5ExplicitAllowBeatsABuiltInDenyForThatCommandOnly() {
        Profile p = TestProfiles.standard().commandPrefix("ops.allow-reboot", Decision.ALLOW, "reboot")
                .commandPrefix("ops.allow-npm-test", Decision.ALLOW, "npm", "test").build();
        assertDecided(new Decider(p).shell("reboot"), Decision.ALLOW, "ops.allow-reboot");
        assertDecided(new Decider(p).shell("npm test; shutdown -h now"), Decision.DENY, "shell.deny-power-off");
    }

    @Test
    void gate5FirstMatchingCommandRuleWins() {
        Profile p = TestProfiles.standard()
                .commandProgram("no-publish", Decision.DENY, "npm", "publish")
                .commandPrefix("npm-anything", Decision.ALLOW, "npm").build();
        assertDecided(new Decider(p).shell("npm publish --tag next"), Decision.DENY, "no-publish");
        assertDecided(new Decider(p).shell("npm install"), Decision.ALLOW, "npm-anything");
    }

    @Test
    void gate5CanAskForASandboxOrAHuman() {
        Profile p = TestProfiles.standard().commandRegex("make-sandboxed", Decision.SANDBOX, "^make\\b")
                .commandPrefix("deploy-ask", Decision.ASK, "./deploy.sh").build();
        assertDecided(new Decider(p).shell("make -j4"), Decision.SANDBOX, "make-sandboxed");
        assertDecided(new Decider(p).shell("./deploy.sh prod"), Decision.ASK, "deploy-ask");
    }

    @Test
    void gate5AllowDoesNotCoverTheFilesTheCommandTouches() {
        Profile p = TestProfiles.standard().commandPrefix("cat-ok", Decision.ALLOW, "cat").build();
        assertDecided(new Decider(p).shell("cat ~/.ssh/id_rsa"), Decision.DENY, "path.deny-profile");
    }

    @Test
    void gate5AllowDoesNotCoverWhatCannotBeParsed() {
        Profile p = TestProfiles.standard().commandPrefix("eval-ok", Decision.ALLOW, "eval").build();
        assertDecided(new Decider(p).shell("eval \"$X\""), Decision.ASK, "shell.unparsed");
    }

    @Test
    void gate6ProfileDeniedCommands() {
        Profile p = TestProfiles.standard().deniedCommand("git push --force").deniedCommand("terraform * apply*").build();
        assertDecided(new Decider(p).shell("git push --force origin main"), Decision.DENY, "command.deny-profile-pattern");
        assertDecided(new Decider(p).shell("cd infra && terraform -chdir=x apply"), Decision.DENY,
                "command.deny-profile-pattern-command");
        assertDecided(new Decider(p).shell("git push origin main"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void unparsableLinesAskInStandardAndAreDeniedInStrict() {
        assertDecided(Decider.standard().shell("echo 'unterminated"), Decision.ASK, "shell.unparsed");
        Decider strict = new Decider(TestProfiles.standard().mode(Profile.Mode.STRICT).build());
        assertDecided(strict.shell("echo 'unterminated"), Decision.DENY, "shell.unparsed");
        Decider permissive = new Decider(TestProfiles.standard().mode(Profile.Mode.PERMISSIVE).build());
        Evaluation e = permissive.shell("eval \"$X\"");
        assertDecided(e, Decision.ASK, "shell.unparsed");
        assertFalse(e.enforced());
    }

    @Test
    void dynamicProgramsAreNeverAllowed() {
        assertDecided(Decider.standard().shell("$CMD --version"), Decision.ASK, "shell.dynamic-program");
        Decider strict = new Decider(TestProfiles.standard().mode(Profile.Mode.STRICT).build());
        assertDecided(strict.shell("$CMD --version"), Decision.DENY, "shell.dynamic-program");
    }

    @Test
    void variablesWhoseValueRunsLaterAreCheckedAsCommands() {
        assertDecided(Decider.standard().shell("export PROMPT_COMMAND='rm -rf ~'"), Decision.DENY,
                "shell.deny-recursive-delete-root");
        assertDecided(Decider.standard().shell("GIT_PAGER='sh -c reboot' git log"), Decision.DENY, "shell.deny-power-off");
        assertDecided(Decider.standard().shell("export PROMPT_COMMAND=\"$HOOK\""), Decision.ASK, "shell.unparsed");
        assertDecided(Decider.standard().shell("export PROMPT_COMMAND='history -a'"), Decision.ALLOW, "gate.default-allow");
        assertDecided(Decider.standard().shell("GIT_PAGER=cat git log"), Decision.ALLOW, "gate.default-allow");
    }

    @Test
    void environmentThatChangesWhatRunsIsAtLeastAsk() {
        for (String line : List.of("LD_PRELOAD=./x.so ls", "BASH_ENV=./x bash -c true", "PYTHONPATH=. python3 t.py",
                "NODE_OPTIONS='--require ./x.js' node a.js", "GIT_SSH_COMMAND='sh -c id' git fetch",
                "GIT_CONFIG_COUNT=1 git status", "PERL5OPT=-Mx perl a.pl",
                "RUBYOPT=-rx ruby a.rb", "PYTHONSTARTUP=x.py python3", "ENV=./x sh", "GIT_EXEC_PATH=. git status")) {
            assertDecided(Decider.standard().shell(line), Decision.ASK, "shell.env-hijack");
        }
        assertDecided(Decider.standard().shell("PATH=./bin:$PATH make"), Decision.ASK, "shell.env-path-hijack");
        assertDecided(Decider.standard().shell("PATH=/home/dev/project/node_modules/.bin:$PATH jest"), Decision.ASK,
                "shell.env-path-hijack");
        Decider strict = new Decider(TestProfiles.standard().mode(Profile.Mode.STRICT).build());
        assertDecided(strict.shell("LD_PRELOAD=./x.so ls"), Decision.DENY, "shell.env-hijack");
    }

    @Test
    void gate7ForcedAskWhenPathsAreLimitedButTheExecutorCannotEnforceThem() {
        Profile limited = TestProfiles.standard().allow("/home/dev/project/**").build();
        assertDecided(new Decider(limited).executor(LOCAL).shell("make test"), Decision.ASK, "gate.forced-ask");
        assertDecided(new Decider(limited).shell("make test"), Decision.ALLOW, "gate.default-allow");
        assertDecided(new Decider(limited).executor(LOCAL).read("src/a.c"), Decision.ALLOW, "gate.default-allow");
        assertDecided(new Decider(TestProfiles.standard().build()).executor(LOCAL).shell("make"), Decision.ALLOW,
                "gate.default-allow");
    }

    @Test
    void gate7IsAfterExplicitCommandRulesAndGate6() {
        Profile p = TestProfiles.standard().allow("/home/dev/project/**")
                .commandPrefix("make-ok", Decision.ALLOW, "make").build();
        assertDecided(new Decider(p).executor(LOCAL).shell("make test"), Decision.ALLOW, "make-ok");
        assertDecided(new Decider(p).executor(LOCAL).shell("history -c"), Decision.DENY, "shell.deny-history-wipe");
    }

    @Test
    void gate8AsksBeforeEveryCommandWhenTheProfileSaysSo() {
        Decider d = new Decider(TestProfiles.standard().askExecute().build());
        assertDecided(d.shell("npm test"), Decision.ASK, "approval.ask-before-execute");
    }

    @Test
    void standingApprovalCoversItsPrefixOnly() {
        Decider d = new Decider(TestProfiles.standard().askExecute().build()).approvals(approval("approved.npm-test",
                "npm", "test"));
        Evaluation ok = d.shell("npm test -- --watch=false");
        assertDecided(ok, Decision.ALLOW, "approved.npm-test");
        assertEquals(Layer.APPROVAL, ok.layer());
        assertEquals("approvals.yaml:7:3", ok.location());
        assertDecided(d.shell("npm publish"), Decision.ASK, "approval.ask-before-execute");
        assertDecided(d.shell("npm test && make"), Decision.ASK, "approval.ask-before-execute");
    }

    @Test
    void standingApprovalBeatsForcedAsk() {
        Profile limited = TestProfiles.standard().allow("/home/dev/project/**").build();
        Decider d = new Decider(limited).executor(LOCAL).approvals(approval("approved.make", "make"));
        assertDecided(d.shell("make test"), Decision.ALLOW, "approved.make");
    }

    @Test
    void standingApprovalNeverBeatsAHardGate() {
        Decider d = new Decider(TestProfiles.standard().askExecute().build()).approvals(approval("approved.all"),
                approval("approved.rm", "rm"));
        assertDecided(d.shell("rm -rf /"), Decision.DENY, "shell.deny-recursive-delete-root");
        assertDecided(d.shell("cat ~/.aws/credentials"), Decision.DENY, "path.deny-profile");
        assertDecided(d.shell("echo x >> ~/.zshrc"), Decision.DENY, "protected.shell-startup");
        assertDecided(d.shell("eval \"$X\""), Decision.ASK, "shell.unparsed");
        assertDecided(d.shell("ls"), Decision.ALLOW, "approved.all");
    }

    @Test
    void argvIsQuotedNotReparsedAsShell() {
        assertDecided(Decider.standard().argv("echo", "a b; rm -rf /"), Decision.ALLOW, "gate.default-allow");
        assertDecided(Decider.standard().argv("rm", "-rf", "/"), Decision.DENY, "shell.deny-recursive-delete-root");
    }

    @Test
    void explanationListsCommandsAccessesAndWhyOthersLost() {
        Profile p = TestProfiles.standard().commandPrefix("cat-ok", Decision.ALLOW, "cat").build();
        Evaluation e = new Decider(p).shell("cat ~/.netrc | grep machine");
        assertEquals(List.of("cat", "grep"), e.commands().stream().map(c -> c.program()).toList());
        assertEquals("/home/dev/.netrc", e.accesses().get(0).path());
        Match allow = e.matches().stream().filter(m -> m.rule().equals("cat-ok")).findFirst().orElseThrow();
        assertTrue(allow.lost().contains("covers only that"), allow.lost());
        assertTrue(e.matches().get(0).decided());
    }
}
