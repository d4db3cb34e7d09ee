package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sixteen real cordon processes append to one audit log at once: no line is lost, torn or
 * interleaved, with and without rotation.
 */
class ConcurrentWritersTest {

    private static final int WRITERS = 16;
    private static final int EVENTS = 1_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sixteenProcessesAppendSixteenThousandCompleteLines() throws Exception {
        Path log = dir.resolve("audit.jsonl");
        runWriters(log, 0, 0);

        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(WRITERS * EVENTS, lines.size());
        assertEveryWriterComplete(lines);
        AuditRead read = new AuditReader(log).tail(Integer.MAX_VALUE);
        assertEquals(WRITERS * EVENTS, read.entries().size());
        assertEquals(List.of(), read.skipped());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void rotationForcedSmallKeepsEveryLineAcrossTheFiles() throws Exception {
        Path log = dir.resolve("audit.jsonl");
        runWriters(log, 64 * 1024, 100_000);

        List<Path> files = AuditFiles.oldestFirst(log);
        assertTrue(files.size() > 20, "expected many rotations, got " + files.size() + " files");
        List<String> lines = new ArrayList<>();
        for (Path file : files) {
            assertTrue(Files.size(file) <= 64 * 1024, file + " is larger than the rotation size");
            lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
        }
        assertEquals(WRITERS * EVENTS, lines.size());
        assertEveryWriterComplete(lines);
        AuditRead read = new AuditReader(log).tail(Integer.MAX_VALUE);
        assertEquals(WRITERS * EVENTS, read.entries().size());
        assertEquals(List.of(), read.skipped());
    }

    private void runWriters(Path log, long maxBytes, int keep) throws IOException, InterruptedException {
        List<Process> processes = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            processes.add(new ProcessBuilder(ChildJvm.command(AuditWriterMain.class, log.toString(), "w" + w,
                    String.valueOf(EVENTS), String.valueOf(maxBytes), String.valueOf(keep), "0"))
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("w" + w + ".out").toFile())
                    .start());
        }
        try {
            for (int w = 0; w < WRITERS; w++) {
                Process process = processes.get(w);
                Path out = dir.resolve("w" + w + ".out");
                assertTrue(process.waitFor(50, TimeUnit.SECONDS), "writer " + w + " did not finish");
                assertEquals(0, process.exitValue(), () -> "writer failed: " + output(out));
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
    }

    /** Every line is a whole JSON object and each writer's 1,000 sequence numbers are all there, once. */
    private static void assertEveryWriterComplete(List<String> lines) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, Set<Integer>> seen = new HashMap<>();
        for (String line : lines) {
            var node = json.readTree(line);
            String writer = node.get("session").asText();
            assertTrue(seen.computeIfAbsent(writer, w -> new TreeSet<>()).add(node.get("exit_code").asInt()),
                    "duplicate line " + line);
            assertEquals("echo " + writer + " " + node.get("exit_code").asInt() + " ", node.get("command").asText());
        }
        Set<Integer> all = IntStream.range(0, EVENTS).boxed().collect(Collectors.toSet());
        assertEquals(WRITERS, seen.size());
        seen.forEach((writer, numbers) -> assertEquals(all, numbers, "events of " + writer));
    }

    private static String output(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no output)";
        }
    }
}
