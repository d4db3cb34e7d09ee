package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What no protocol allows is refused the same way for every agent: exit 2, the reason on stderr. */
class BadEventTest extends HookTest {

    /** A shell event of each agent, with the command left to fill in. */
    private static final Map<String, String> SHELL_EVENTS = Map.of(
            "claude-code", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"%s\","
                    + "\"tool_input\":{\"command\":\"%s\"}}",
            "codex", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"%s\","
                    + "\"tool_input\":{\"command\":\"%s\"}}",
            "gemini-cli", "{\"hook_event_name\":\"BeforeTool\",\"tool_name\":\"run_shell_command\",\"cwd\":\"%s\","
                    + "\"tool_input\":{\"command\":\"%s\"}}",
            "json", "{\"tool\":\"bash\",\"cwd\":\"%s\",\"command\":\"%s\"}");

    private HookAnswer answer(String agent, byte[] event) {
        return hooks.answer(agent, event);
    }

    private byte[] shell(String agent, String command) {
        return String.format(SHELL_EVENTS.get(agent), hooks.workspace, command).getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void emptyInputIsRefused(String agent) {
        assertEquals(HookAnswer.refusal("no event on standard input"), answer(agent, new byte[0]));
        assertEquals(HookAnswer.refusal("no event on standard input"), answer(agent, " \n\t".getBytes()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void invalidUtf8IsRefused(String agent) {
        byte[] event = shell(agent, "echo XX");
        String text = new String(event, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("XX");
        event[at] = (byte) 0xC3;
        event[at + 1] = (byte) 0x28;
        assertEquals(HookAnswer.refusal("the event is not valid UTF-8"), answer(agent, event));
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void malformedJsonIsRefusedWithWhereItBroke(String agent) {
        HookAnswer truncated = answer(agent, "{\"tool_name\": \"Bash\",".getBytes());
        assertEquals(2, truncated.exitCode());
        assertEquals("", truncated.stdout());
        assertTrue(truncated.stderr().startsWith("cordon: refused: the event is not valid JSON at line 1, column"),
                truncated::toString);
        assertEquals(HookAnswer.refusal("the event must be a JSON object"), answer(agent, "[1, 2]".getBytes()));
        HookAnswer twoObjects = answer(agent, "{} {}".getBytes());
        assertTrue(twoObjects.refused() && twoObjects.refusalReason().startsWith("the event is not valid JSON"),
                twoObjects::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void aKeyGivenTwiceIsRefusedRatherThanGuessedAt(String agent) {
        String event = new String(shell(agent, "ls"), StandardCharsets.UTF_8);
        String doubled = event.replaceFirst("\\{", "{\"cwd\":\"/\",");
        HookAnswer answer = answer(agent, doubled.getBytes(StandardCharsets.UTF_8));
        assertTrue(answer.refused() && answer.refusalReason().contains("Duplicate field 'cwd'"), answer::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void aRelativeCwdIsRefused(String agent) {
        String event = new String(shell(agent, "ls"), StandardCharsets.UTF_8).replace(hooks.workspace.toString(), "project");
        assertEquals(HookAnswer.refusal("field `cwd` must be an absolute path, got `project`"),
                answer(agent, event.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli", "json"})
    void aMegabyteCommandIsDecidedNotDropped(String agent) {
        String command = "echo " + "a".repeat(1 << 20) + " > " + hooks.workspace.resolve("out.txt");
        HookAnswer allowed = answer(agent, shell(agent, command));
        assertFalse(allowed.refused(), allowed::toString);
        assertEquals(0, allowed.exitCode());
        HookAnswer denied = answer(agent, shell(agent, "echo " + "a".repeat(1 << 20) + " > /etc/motd"));
        assertFalse(denied.refused(), denied::toString);
        assertTrue(denied.stdout().contains("path.outside-allowed"), denied::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude-code", "codex", "gemini-cli"})
    void aMissingToolNameIsRefused(String agent) {
        String event = new String(shell(agent, "ls"), StandardCharsets.UTF_8).replace("\"tool_name\"", "\"tool\"");
        assertEquals(HookAnswer.refusal("missing field `tool_name`"), answer(agent, event.getBytes(StandardCharsets.UTF_8)));
    }

    @org.junit.jupiter.api.Test
    void anInputThatNeverEndsTimesOut() throws Exception {
        try (PipedOutputStream agent = new PipedOutputStream(); PipedInputStream in = new PipedInputStream(agent)) {
            agent.write("{\"tool\":".getBytes());
            BadEvent e = assertThrows(BadEvent.class, () -> EventInput.read(in, Duration.ofSeconds(1)));
            assertEquals("standard input did not end within 1 s", e.getMessage());
        }
    }

    @org.junit.jupiter.api.Test
    void anInputLargerThanTheLimitIsRefused() {
        java.io.InputStream endless = new java.io.InputStream() {
            @Override
            public int read() {
                return 'a';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'a');
                return len;
            }
        };
        BadEvent e = assertThrows(BadEvent.class, () -> EventInput.read(endless, Duration.ofSeconds(30)));
        assertEquals("the event is larger than 32 MiB", e.getMessage());
    }
}
