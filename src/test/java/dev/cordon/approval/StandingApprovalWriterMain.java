package dev.cordon.approval;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A cordon process that only keeps "always" answers: {@code FILE NAME COUNT}. */
public final class StandingApprovalWriterMain {

    private StandingApprovalWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        for (int i = 0; i < Integer.parseInt(args[2]); i++) {
            StandingApprovals.append(file, new ApprovalKey("bash", List.of("tool-" + args[1] + "-" + i)), Instant.now());
            StandingApprovals.append(file, new ApprovalKey("bash", List.of("git", "status")), Instant.now());
        }
    }
}
