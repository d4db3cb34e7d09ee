package dev.cordon.approval;

/**
 * Answers an ASK decision. The terminal prompt, the non-interactive refusal and external
 * approvers (a web UI, a chat message) all implement this.
 */
public interface Approver {

    /** Asks and waits for the answer; must not throw for a missing or garbled answer (deny). */
    Answer ask(ApprovalRequest request);

    /** The one-line message shown to the agent when this approver denied the request. */
    default String denialMessage(ApprovalRequest request) {
        return "ask denied: the approver refused `" + TerminalText.line(request.commandOrPath()) + "`";
    }
}
