package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogTest {

    private static final Instant T0 = Instant.parse("2025-01-31T12:00:00.250Z");

    @TempDir
    Path dir;

    @Test
    void writesOneJsonLinePerEventWithEveryField() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog log = new AuditLog(file)) {
            log.append(AuditEvent.builder("bash", Decision.DENY).time(T0).session("s-1").command("rm -rf /")
                    .rule("shell.deny-recursive-delete-root").layer("policy").executor("landlock").exitCode(null)
                    .violations(List.of(new AuditViolation("write-denied", "/etc/passwd")))
                    .answer(null).profile("development").mode("standard")
                    .enforcement(AuditEvent.Enforcement.ENFORCED).cwd("/home/me/project").build());
            log.append(AuditEvent.builder("read_file", Decision.ALLOW).time(T0.plusSeconds(1)).path("/home/me/project/a.txt")
                    .exitCode(0).enforcement(AuditEvent.Enforcement.REPORTED_ONLY).answer("APPROVED").build());
        }
        assertEquals(List.of(
                "{\"time\":\"2025-01-31T12:00:00.250Z\",\"session\":\"s-1\",\"tool\":\"bash\",\"command\":\"rm -rf /\","
                        + "\"path\":null,\"decision\":\"DENY\",\"rule\":\"shell.deny-recursive-delete-root\",\"layer\":\"policy\","
                        + "\"executor\":\"landlock\",\"exit_code\":null,\"violations\":[{\"kind\":\"write-denied\","
                        + "\"detail\":\"/etc/passwd\"}],\"answer\":null,\"profile\":\"development\",\"mode\":\"standard\","
                        + "\"enforced\":true,\"cwd\":\"/home/me/project\"}",
                "{\"time\":\"2025-01-31T12:00:01.250Z\",\"session\":null,\"tool\":\"read_file\",\"command\":null,"
                        + "\"path\":\"/home/me/project/a.txt\",\"decision\":\"ALLOW\",\"rule\":null,\"layer\":null,"
                        + "\"executor\":null,\"exit_code\":0,\"violations\":[],\"answer\":\"APPROVED\",\"profile\":null,"
                        + "\"mode\":null,\"enforced\":false,\"cwd\":null}"),
                Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    @Test
    void readsBackWhatItWrote() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditEvent event = AuditEvent.builder("bash", Decision.SANDBOX).time(T0).session("s").command("make\ttest\n")
                .rule("r").layer("os").executor("bwrap").exitCode(2)
                .violations(List.of(new AuditViolation("network-denied", "1.2.3.4:443"), new AuditViolation("timeout", null)))
                .answer("REMEMBERED").profile("ci").mode("strict").cwd("/w").build();
        try (AuditLog log = new AuditLog(file)) {
            log.append(event);
        }
        assertEquals(event, new AuditReader(file).tail(1).entries().get(0).event());
    }

    @Test
    void createsTheLogOwnerOnlyInOwnerOnlyDirectories() throws IOException {
        Path file = dir.resolve("state/cordon/audit.jsonl");
        try (AuditLog log = new AuditLog(file)) {
            log.append(AuditEvent.builder("bash", Decision.DENY).command("x").build());
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent().getParent())));
    }

    @Test
    void rotatesBySizeAndKeepsOnlyTheNewestFiles() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        int lineBytes = line(0).length() + 1;
        try (AuditLog log = new AuditLog(file, new Rotation(3L * lineBytes, 2))) {
            for (int i = 0; i < 10; i++) {
                log.append(event(i));
            }
        }
        // 10 lines, 3 per file: .3 would hold 0-2 but only two rotated files are kept
        assertEquals(List.of(file.resolveSibling("audit.jsonl.2"), file.resolveSibling("audit.jsonl.1"), file),
                AuditFiles.oldestFirst(file));
        assertEquals(List.of(line(3), line(4), line(5)), Files.readAllLines(file.resolveSibling("audit.jsonl.2")));
        assertEquals(List.of(line(6), line(7), line(8)), Files.readAllLines(file.resolveSibling("audit.jsonl.1")));
        assertEquals(List.of(line(9)), Files.readAllLines(file));
        assertFalse(Files.exists(file.resolveSibling("audit.jsonl.3")));
        List<String> commands = new ArrayList<>();
        new AuditReader(file).tail(100).entries().forEach(e -> commands.add(e.event().command()));
        assertEquals(List.of("echo 3", "echo 4", "echo 5", "echo 6", "echo 7", "echo 8", "echo 9"), commands);
    }

    @Test
    void aWriterWhoseFileWasRotatedAwayReopens() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog first = new AuditLog(file, new Rotation(line(0).length() + 1, 5));
                AuditLog second = new AuditLog(file, new Rotation(line(0).length() + 1, 5))) {
            second.append(event(0)); // second's descriptor: the file that becomes .1
            first.append(event(1)); // rotates
            second.append(event(2)); // must not write into .1
        }
        assertEquals(List.of(line(0)), Files.readAllLines(file.resolveSibling("audit.jsonl.2")));
        assertEquals(List.of(line(1)), Files.readAllLines(file.resolveSibling("audit.jsonl.1")));
        assertEquals(List.of(line(2)), Files.readAllLines(file));
    }

    @Test
    void aFileMovedAwayByAnotherToolIsRecreated() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog log = new AuditLog(file, Rotation.NONE)) {
            log.append(event(0));
            Files.move(file, dir.resolve("archived.jsonl"));
            log.append(event(1));
        }
        assertEquals(List.of(line(0)), Files.readAllLines(dir.resolve("archived.jsonl")));
        assertEquals(List.of(line(1)), Files.readAllLines(file));
    }

    @Test
    void threadsOfOneProcessShareTheLockWithoutLosingLines() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    // one log per thread, as separate components of one process would have
                    try (AuditLog log = new AuditLog(file, new Rotation(8 * 1024, 1000))) {
                        for (int i = 0; i < 250; i++) {
                            log.append(event(thread * 1000 + i));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        AuditRead read = new AuditReader(file).tail(Integer.MAX_VALUE);
        assertEquals(1000, read.entries().size());
        assertEquals(1000, read.entries().stream().map(e -> e.event().command()).distinct().count());
        assertEquals(List.of(), read.skipped());
    }

    @Test
    void cutsHugeTextsSoALineStaysReasonable() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog log = new AuditLog(file)) {
            log.append(AuditEvent.builder("bash", Decision.ALLOW).time(T0).command("y".repeat(100_000)).build());
        }
        String command = new AuditReader(file).tail(1).entries().get(0).event().command();
        assertEquals("y".repeat(AuditLog.MAX_TEXT_CHARS) + "…[cut " + (100_000 - AuditLog.MAX_TEXT_CHARS) + " chars]", command);
        assertTrue(Files.size(file) < 70_000);
    }

    private static AuditEvent event(int n) {
        return AuditEvent.builder("bash", Decision.ALLOW).time(T0).session("s").command("echo " + n).build();
    }

    private static String line(int n) {
        return AuditJson.write(event(n));
    }
}
