package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A writer that dies mid-line leaves at most that line torn; the log stays readable. */
class KilledWriterTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aWriterKilledMidRunLeavesAtMostOneTornLine() throws Exception {
        Path log = dir.resolve("audit.jsonl");
        // lines of ~330 KiB (five texts cut at 64 KiB): many pages per write, so a kill can land inside one
        Process writer = new ProcessBuilder(ChildJvm.command(AuditWriterMain.class, log.toString(), "doomed", "-1",
                "0", "0", "70000")).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("started", out.readLine());
            killWhileALineIsHalfWritten(writer, log);
            assertTrue(writer.waitFor(10, TimeUnit.SECONDS));
            assertEquals(137, writer.exitValue());
        } finally {
            writer.destroyForcibly();
        }

        try (AuditLog next = new AuditLog(log, Rotation.NONE)) {
            next.append(marker());
        }
        AuditRead read = new AuditReader(log).tail(Integer.MAX_VALUE);
        assertTrue(read.skipped().size() <= 1, "skipped " + read.skipped());
        System.out.println("killed writer: " + read.entries().size() + " lines intact, skipped " + read.skipped());
        assertTrue(read.entries().size() >= 3, "entries before the kill: " + read.entries().size());
        assertEquals("after the crash", read.entries().get(read.entries().size() - 1).event().command());
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(read.entries().size() + read.skipped().size(), lines.size());
    }

    @Test
    void theNextWriterStartsAFreshLineAfterATornOne() throws IOException {
        Path log = dir.resolve("audit.jsonl");
        try (AuditLog first = new AuditLog(log, Rotation.NONE)) {
            first.append(marker());
        }
        // what a writer killed inside its write leaves: the start of a line, no line break
        String whole = AuditJson.write(marker());
        String torn = whole.substring(0, whole.indexOf("the crash"));
        try (OutputStream out = Files.newOutputStream(log, StandardOpenOption.APPEND)) {
            out.write(torn.getBytes(StandardCharsets.UTF_8));
        }
        try (AuditLog next = new AuditLog(log, Rotation.NONE)) {
            next.append(marker());
        }

        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(3, lines.size());
        assertEquals(whole, lines.get(0));
        assertEquals(torn, lines.get(1));
        assertEquals(whole, lines.get(2));
        AuditRead read = new AuditReader(log).tail(10);
        assertEquals(2, read.entries().size());
        assertEquals(1, read.skipped().size());
        assertEquals(2, read.skipped().get(0).line());
        assertEquals(log + ":2: skipped an unreadable audit line (incomplete json: the line ends early)",
                read.skipped().get(0).render());
    }

    /**
     * Watches the file grow and sends SIGKILL (no shutdown hook, no finally) when it does not
     * end with a line break, i.e. while a line is being copied in: the kernel checks for a
     * fatal signal between pages, so the write may stop short.
     */
    private static void killWhileALineIsHalfWritten(Process writer, Path log) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        try (FileChannel file = FileChannel.open(log, StandardOpenOption.READ)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                long size = file.size();
                last.clear();
                if (size > 1024 * 1024 && file.read(last, size - 1) == 1 && last.get(0) != '\n') {
                    break;
                }
            }
        }
        writer.destroyForcibly();
    }

    private static AuditEvent marker() {
        return AuditEvent.builder("bash", Decision.ALLOW).time(Instant.parse("2025-01-31T12:00:00Z"))
                .session("next").command("after the crash").build();
    }
}
