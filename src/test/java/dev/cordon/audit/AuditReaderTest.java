package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.decision.Decision;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditReaderTest {

    private static final Instant NOW = Instant.parse("2025-01-31T12:00:00Z");

    @TempDir
    Path dir;

    @Test
    void tailReadsAcrossRotatedFilesOldestFirst() throws IOException {
        Path log = dir.resolve("audit.jsonl");
        Files.write(log.resolveSibling("audit.jsonl.2"), List.of(line("a", Decision.ALLOW, 60), line("b", Decision.ALLOW, 59)));
        Files.write(log.resolveSibling("audit.jsonl.1"), List.of(line("c", Decision.ALLOW, 58)));
        Files.write(log, List.of(line("d", Decision.ALLOW, 57), line("e", Decision.ALLOW, 56)));

        assertEquals(List.of("c", "d", "e"), commands(new AuditReader(log).tail(3)));
        assertEquals(List.of("a", "b", "c", "d", "e"), commands(new AuditReader(log).tail(50)));
    }

    @Test
    void violationsAreDenialsAndSandboxRefusalsWithinTheWindow() throws IOException {
        Path log = dir.resolve("audit.jsonl");
        Files.write(log.resolveSibling("audit.jsonl.1"), List.of(
                line("old-deny", Decision.DENY, 3 * 3600),
                line("recent-deny", Decision.DENY, 3600)));
        Files.write(log, List.of(
                line("allowed", Decision.ALLOW, 1800),
                AuditJson.write(AuditEvent.builder("bash", Decision.ALLOW).time(NOW.minusSeconds(600)).command("sandboxed")
                        .violations(List.of(new AuditViolation("write-denied", "/etc/hosts"))).build()),
                line("asked", Decision.ASK, 300),
                AuditJson.write(AuditEvent.builder("bash", Decision.DENY).time(NOW.minusSeconds(60)).command("permissive")
                        .enforcement(AuditEvent.Enforcement.REPORTED_ONLY).build())));

        AuditRead read = new AuditReader(log).violationsSince(Duration.ofHours(2), NOW);

        assertEquals(List.of("recent-deny", "sandboxed", "permissive"), commands(read));
    }

    @Test
    void aMissingLogIsEmpty() throws IOException {
        AuditRead read = new AuditReader(dir.resolve("none/audit.jsonl")).tail(5);
        assertEquals(List.of(), read.entries());
        assertEquals(List.of(), read.skipped());
        assertEquals(List.of(), AuditFiles.oldestFirst(dir.resolve("none/audit.jsonl")));
    }

    @Test
    void linesThatAreNotEventsAreSkippedAndReported() throws IOException {
        Path log = dir.resolve("audit.jsonl");
        Files.writeString(log, line("a", Decision.ALLOW, 5) + "\n"
                + "[1,2]\n"
                + "{\"time\":\"2025-01-31T12:00:00Z\",\"tool\":\"bash\",\"decision\":\"MAYBE\"}\n"
                + "{\"tool\":\"bash\",\"decision\":\"ALLOW\"}\n"
                + "\n"
                + line("b", Decision.ALLOW, 4) + "\n"
                + "{\"time\":\"2025-01-31T12:0", StandardCharsets.UTF_8);

        AuditRead read = new AuditReader(log).tail(10);

        assertEquals(List.of("a", "b"), commands(read));
        assertEquals(List.of(
                log + ":2: skipped an unreadable audit line (not a json object)",
                log + ":3: skipped an unreadable audit line (unknown decision `MAYBE`)",
                log + ":4: skipped an unreadable audit line (missing `time`)",
                log + ":7: skipped an unreadable audit line (incomplete json: the line ends early)"),
                read.skipped().stream().map(SkippedLine::render).toList());
    }

    @Test
    void unknownKeysAreIgnoredSoTheFormatCanGrow() {
        AuditEvent event = AuditJson.read("{\"time\":\"2025-01-31T12:00:00Z\",\"tool\":\"bash\",\"decision\":\"ALLOW\","
                + "\"command\":\"ls\",\"added_later\":{\"x\":1}}");
        assertEquals(AuditEvent.builder("bash", Decision.ALLOW).time(NOW).command("ls").build(), event);
    }

    @Test
    void durationsAreANumberAndAUnit() {
        assertEquals(Duration.ofSeconds(45), Durations.parse("45s"));
        assertEquals(Duration.ofMinutes(30), Durations.parse("30m"));
        assertEquals(Duration.ofHours(2), Durations.parse("2h"));
        assertEquals(Duration.ofDays(7), Durations.parse("7d"));
        assertEquals(Duration.ofDays(14), Durations.parse("2w"));
        for (String bad : List.of("", "m", "30", "1.5h", "-2h", "2 h", "2H", "2y")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(bad));
            assertEquals("invalid duration `" + bad + "`: expected a number and a unit (s, m, h, d, w), e.g. `30m`",
                    e.getMessage());
        }
    }

    @Test
    void tailNeedsAPositiveCount() {
        assertThrows(IllegalArgumentException.class, () -> new AuditReader(dir.resolve("a")).tail(0));
    }

    private static String line(String command, Decision decision, long secondsAgo) {
        return AuditJson.write(AuditEvent.builder("bash", decision).time(NOW.minusSeconds(secondsAgo)).command(command).build());
    }

    private static List<String> commands(AuditRead read) {
        return read.entries().stream().map(e -> e.event().command()).toList();
    }
}
