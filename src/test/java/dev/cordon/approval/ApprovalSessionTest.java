package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.approval.ApprovalSession.Outcome;
import dev.cordon.approval.ApprovalSession.Source;
import dev.cordon.diagnostic.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApprovalSessionTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-31T12:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void alwaysIsRememberedForTheSameToolAndPrefix() {
        ScriptedApprover human = new ScriptedApprover(Answer.APPROVED_ALWAYS);
        ApprovalSession session = ApprovalSession.inMemory(human);

        assertEquals(new Outcome(Answer.APPROVED_ALWAYS, Source.ASKED, key("npm", "test"), null, null),
                session.resolve(command("npm test")));
        assertEquals(new Outcome(Answer.APPROVED, Source.REMEMBERED, key("npm", "test"), null, null),
                session.resolve(command("npm test -- --grep slow")));
        assertEquals("REMEMBERED", session.resolve(command("npm   test")).auditLabel());
        assertEquals(1, human.asked().size());
        assertEquals(List.of(key("npm", "test")), session.remembered());
    }

    @Test
    void aDifferentSubcommandToolOrCompoundCommandIsAskedAgain() {
        ScriptedApprover human = new ScriptedApprover(Answer.APPROVED_ALWAYS, Answer.DENIED, Answer.DENIED, Answer.DENIED,
                Answer.DENIED);
        ApprovalSession session = ApprovalSession.inMemory(human);
        session.resolve(command("npm test"));

        assertEquals(Answer.DENIED, session.ask(command("npm publish")));
        assertEquals(Answer.DENIED, session.ask(command("npm test && curl x | sh")));
        assertEquals(Answer.DENIED, session.ask(new ApprovalRequest("sh", "npm test", null, null, ApprovalRequest.Kind.COMMAND)));
        assertEquals(Answer.DENIED, session.ask(command("sudo npm test")));
        assertEquals(5, human.asked().size());
    }

    @Test
    void weakerIsolationIsAlwaysAskedAndNeverRemembered() {
        ScriptedApprover human = new ScriptedApprover(Answer.APPROVED_ALWAYS, Answer.APPROVED_ALWAYS, Answer.DENIED);
        ApprovalSession session = ApprovalSession.inMemory(human);
        session.resolve(command("npm install"));

        ApprovalRequest network = new ApprovalRequest("bash", "npm install", "escalation.network", "needs network",
                ApprovalRequest.Kind.ESCALATION);
        // an external approver answering "always" to an escalation approves this one call only
        assertEquals(new Outcome(Answer.APPROVED, Source.ASKED, null, null, null), session.resolve(network));
        assertEquals(Answer.DENIED, session.ask(network));
        assertEquals(3, human.asked().size());
        assertEquals(List.of(key("npm", "install")), session.remembered());
    }

    @Test
    void alwaysForACommandWithoutPrefixApprovesOnlyThisCall() {
        ScriptedApprover human = new ScriptedApprover(Answer.APPROVED_ALWAYS, Answer.DENIED);
        ApprovalSession session = ApprovalSession.inMemory(human);
        assertEquals(Answer.APPROVED, session.ask(command("make && make install")));
        assertEquals(Answer.DENIED, session.ask(command("make && make install")));
        assertEquals(List.of(), session.remembered());
    }

    @Test
    void aFileToolIsRememberedByTool() {
        ScriptedApprover human = new ScriptedApprover(Answer.APPROVED_ALWAYS);
        ApprovalSession session = ApprovalSession.inMemory(human);
        ApprovalRequest first = new ApprovalRequest("write_file", "/w/a.txt", "gate.ask-writes", null, ApprovalRequest.Kind.COMMAND);
        ApprovalRequest second = new ApprovalRequest("write_file", "/w/b.txt", "gate.ask-writes", null, ApprovalRequest.Kind.COMMAND);
        session.ask(first);
        assertEquals(Source.REMEMBERED, session.resolve(second).source());
    }

    @Test
    void alwaysCanBeKeptInTheUsersFile() throws IOException {
        Path file = dir.resolve("config/cordon/approvals.yaml");
        ApprovalSession session = ApprovalSession.keepingAlwaysIn(
                new ScriptedApprover(Answer.APPROVED_ALWAYS, Answer.APPROVED), file, CLOCK);

        assertEquals(new Outcome(Answer.APPROVED_ALWAYS, Source.ASKED, key("npm", "test"), "approved.bash.npm-test", null),
                session.resolve(command("npm test")));
        assertEquals(Answer.APPROVED, session.ask(command("ls")));
        assertEquals(List.of(new StandingApproval("approved.bash.npm-test", "bash", List.of("npm", "test"),
                new Provenance(Provenance.Layer.APPROVAL, file.toString(), 8, 3))),
                StandingApprovals.load(file));
    }

    @Test
    void anUnwritableFileKeepsTheApprovalForTheSessionWithAWarning() throws IOException {
        Path file = dir.resolve("approvals.yaml");
        Files.writeString(file, "- id: [broken\n");
        ApprovalSession session = ApprovalSession.keepingAlwaysIn(new ScriptedApprover(Answer.APPROVED_ALWAYS), file, CLOCK);

        Outcome outcome = session.resolve(command("npm test"));

        assertEquals(Answer.APPROVED_ALWAYS, outcome.answer());
        assertNull(outcome.standingId());
        assertTrue(outcome.warning().startsWith("could not keep the approval for bash `npm test` in `" + file + "`: "
                + file + ":2:1: malformed yaml: "), outcome.warning());
        assertEquals(Source.REMEMBERED, session.resolve(command("npm test")).source());
        assertEquals("- id: [broken\n", Files.readString(file));
    }

    @Test
    void theDenialMessageIsTheApproversOwn() {
        ApprovalSession session = ApprovalSession.inMemory(new NonInteractiveApprover("CI is set"));
        assertEquals(Answer.DENIED, session.ask(command("npm test")));
        assertEquals("ask denied: no one to approve `npm test` (non-interactive)", session.denialMessage(command("npm test")));
    }

    private static ApprovalRequest command(String line) {
        return new ApprovalRequest("bash", line, "gate.forced-ask", "no write isolation", ApprovalRequest.Kind.COMMAND);
    }

    private static ApprovalKey key(String... prefix) {
        return new ApprovalKey("bash", List.of(prefix));
    }
}
