package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cordon.audit.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal approver on a real pseudo-terminal: a child JVM whose controlling terminal is a
 * pty (made by python3's {@code pty} module), answered by writing to the pty's master side.
 */
class TerminalPtyTest {

    /** Runs a command on a new pty, types the answer once the prompt shows, prints all it saw. */
    private static final String DRIVER = """
            import os, pty, select, sys, time
            answer, command = sys.argv[1], sys.argv[2:]
            pid, fd = pty.fork()
            if pid == 0:
                os.execvp(command[0], command)
            seen, sent, deadline = b"", False, time.time() + 30
            while time.time() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.2)
                if not ready:
                    continue
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                seen += data
                if not sent and b"allow?" in seen:
                    os.write(fd, (answer + "\\n").encode())
                    sent = True
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(seen.decode("utf-8", "replace"))
            sys.exit(os.waitstatus_to_exitcode(status))
            """;

    @TempDir
    Path dir;

    @Test
    void aHumanAnswersAlwaysOnARealTerminal() throws Exception {
        Result result = onPty("a");
        assertEquals(0, result.exit(), result.output());
        List<String> lines = result.output().replace("\r\n", "\n").lines().toList();
        assertTrue(lines.containsAll(List.of(
                "cordon: approval needed",
                "  tool     bash",
                "  command  npm test",
                "  rule     gate.forced-ask",
                "  why      the local executor cannot confine writes",
                "allow? [y]es, [n]o, [a]lways for bash `npm test` in this session: a",
                "approved: bash `npm test` in this session",
                "answer=APPROVED_ALWAYS")), result.output());
    }

    @Test
    void aHumanAnswersNoOnARealTerminal() throws Exception {
        Result result = onPty("no");
        assertEquals(0, result.exit(), result.output());
        assertTrue(result.output().contains("answer=DENIED"), result.output());
    }

    @Test
    void withoutATerminalThereIsNoTerminalApprover() throws Exception {
        List<String> command = new ArrayList<>(List.of("setsid", "--wait"));
        command.addAll(ChildJvm.command(TerminalApprovalMain.class));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals("no terminal\n", output);
        assertEquals(3, process.exitValue());
    }

    private Result onPty(String answer) throws IOException, InterruptedException {
        assumeTrue(commandWorks("python3", "-c", "import pty"), "python3 with the pty module is needed");
        Path driver = dir.resolve("pty_driver.py");
        Files.writeString(driver, DRIVER);
        List<String> command = new ArrayList<>(List.of("python3", driver.toString(), answer));
        command.addAll(ChildJvm.command(TerminalApprovalMain.class));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(40, TimeUnit.SECONDS));
        return new Result(process.exitValue(), output);
    }

    private static boolean commandWorks(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(20, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private record Result(int exit, String output) {
    }
}
