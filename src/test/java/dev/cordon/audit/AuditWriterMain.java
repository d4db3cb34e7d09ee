package dev.cordon.audit;

import dev.cordon.decision.Decision;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A cordon process that only writes audit events, for the multi-process tests:
 * {@code FILE WRITER COUNT MAX_BYTES KEEP PAD}. COUNT -1 writes until killed. Prints
 * {@code started} after its first event.
 */
public final class AuditWriterMain {

    private AuditWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String writer = args[1];
        int count = Integer.parseInt(args[2]);
        Rotation rotation = Long.parseLong(args[3]) == 0 ? Rotation.NONE
                : new Rotation(Long.parseLong(args[3]), Integer.parseInt(args[4]));
        String pad = "x".repeat(Integer.parseInt(args[5]));
        try (AuditLog log = new AuditLog(file, rotation)) {
            for (int seq = 0; count < 0 || seq < count; seq++) {
                log.append(event(writer, seq, pad));
                if (seq == 0) {
                    System.out.println("started");
                    System.out.flush();
                }
            }
        }
    }

    static AuditEvent event(String writer, int seq, String pad) {
        return AuditEvent.builder("bash", seq % 7 == 0 ? Decision.DENY : Decision.ALLOW)
                .time(Instant.now())
                .session(writer)
                .command("echo " + writer + " " + seq + " " + pad)
                .rule("test.rule-" + (seq % 5))
                .layer("policy")
                .executor("landlock")
                .exitCode(seq)
                .violations(seq % 11 == 0 ? List.of(new AuditViolation("write-denied", "/etc/x" + seq)) : List.of())
                .mode("standard")
                .cwd("/srv/" + writer + pad)
                .path(pad.isEmpty() ? null : pad)
                .answer(pad.isEmpty() ? null : pad)
                .profile(pad.isEmpty() ? "development" : pad)
                .build();
    }
}
