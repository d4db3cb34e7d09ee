package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ApproversTest {

    private static final ApprovalRequest REQUEST = new ApprovalRequest("bash", "rm -r build", "gate.ask-execute", null,
            ApprovalRequest.Kind.COMMAND);

    private final TerminalApprover terminal = new TerminalApprover(new StringReader("y\n"), new PrintWriter(new StringWriter()));
    private final AtomicInteger opened = new AtomicInteger();
    private final Supplier<Optional<TerminalApprover>> console = () -> {
        opened.incrementAndGet();
        return Optional.of(terminal);
    };

    @Test
    void aTerminalIsUsedWhenAHumanCanBeThere() {
        assertSame(terminal, Approvers.choose(InputMode.INTERACTIVE, Map.of(), console));
        assertSame(terminal, Approvers.choose(InputMode.INTERACTIVE, Map.of("CI", "false"), console));
        assertSame(terminal, Approvers.choose(InputMode.INTERACTIVE, Map.of("CI", "0"), console));
        assertSame(terminal, Approvers.choose(InputMode.INTERACTIVE, Map.of("CI", ""), console));
    }

    @Test
    void noInputCiOrNoTerminalDenyEveryAsk() {
        assertNonInteractive(Approvers.choose(InputMode.NO_INPUT, Map.of(), console), "--no-input");
        assertNonInteractive(Approvers.choose(InputMode.INTERACTIVE, Map.of("CI", "true"), console), "CI is set");
        assertNonInteractive(Approvers.choose(InputMode.INTERACTIVE, Map.of("CI", "1"), console), "CI is set");
        assertEquals(0, opened.get(), "the terminal is not even opened");
        assertNonInteractive(Approvers.choose(InputMode.INTERACTIVE, Map.of(), Optional::empty), "no terminal");
    }

    private static void assertNonInteractive(Approver approver, String why) {
        NonInteractiveApprover none = (NonInteractiveApprover) approver;
        assertEquals(why, none.why());
        assertEquals(Answer.DENIED, none.ask(REQUEST));
        assertEquals("ask denied: no one to approve `rm -r build` (non-interactive)", none.denialMessage(REQUEST));
    }
}
