package dev.cordon.approval;

import java.util.Optional;

/**
 * Asks one approval question on the real terminal, as {@code cordon run} would: prints
 * {@code answer=…}, or {@code no terminal} and exits 3 when there is none.
 */
public final class TerminalApprovalMain {

    private TerminalApprovalMain() {
    }

    public static void main(String[] args) {
        Optional<TerminalApprover> terminal = TerminalApprover.openConsole(AlwaysScope.SESSION);
        if (terminal.isEmpty()) {
            System.out.println("no terminal");
            System.exit(3);
        }
        Answer answer = terminal.get().ask(new ApprovalRequest("bash", "npm test", "gate.forced-ask",
                "the local executor cannot confine writes", ApprovalRequest.Kind.COMMAND));
        System.out.println("answer=" + answer);
    }
}
