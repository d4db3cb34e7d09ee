package dev.cordon.approval;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A hand-written fake approver: answers from a script and records what it was asked. */
final class ScriptedApprover implements Approver {

    private final Deque<Answer> answers;
    private final List<ApprovalRequest> asked = new ArrayList<>();

    ScriptedApprover(Answer... answers) {
        this.answers = new ArrayDeque<>(List.of(answers));
    }

    @Override
    public Answer ask(ApprovalRequest request) {
        asked.add(request);
        if (answers.isEmpty()) {
            throw new AssertionError("asked more often than scripted: " + request);
        }
        return answers.removeFirst();
    }

    List<ApprovalRequest> asked() {
        return asked;
    }
}
