package dev.cordon.approval;

import java.util.Objects;

/** The approver when no human is present: every question is answered DENIED. */
public final class NonInteractiveApprover implements Approver {

    private final String why;

    /** @param why why no one can be asked, e.g. {@code --no-input}, {@code CI is set} */
    public NonInteractiveApprover(String why) {
        this.why = Objects.requireNonNull(why, "why");
    }

    @Override
    public Answer ask(ApprovalRequest request) {
        return Answer.DENIED;
    }

    @Override
    public String denialMessage(ApprovalRequest request) {
        return "ask denied: no one to approve `" + TerminalText.line(request.commandOrPath()) + "` (non-interactive)";
    }

    /** Why no one could be asked, for a help line. */
    public String why() {
        return why;
    }
}
