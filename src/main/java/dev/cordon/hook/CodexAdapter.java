package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.fact.McpTool;
import dev.cordon.request.Tool;
import java.util.EnumSet;
import java.util.Map;

/**
 * Codex's {@code PreToolUse} hook: shell commands ({@code Bash}), {@code apply_patch} (every file
 * the patch adds, updates, moves or deletes is a write to check) and MCP tools. Codex honours only
 * {@code permissionDecision: deny} from a hook: it treats {@code ask}, and {@code allow} without a
 * rewritten input, as a failed hook and runs the tool. So an ASK is answered as a deny, and an
 * ALLOW says nothing.
 */
public final class CodexAdapter implements HookAdapter {

    public static final String AGENT = "codex";

    @Override
    public String agent() {
        return AGENT;
    }

    @Override
    public ToolCall read(JsonNode event, Map<String, String> env) {
        Events.expect(event, "hook_event_name", "PreToolUse");
        String tool = Events.text(event, "tool_name");
        ObjectNode input = Events.object(event, "tool_input");
        EventCall call = new EventCall(tool, Events.absolute(event, "cwd"), null, input,
                Events.optionalText(event, "session_id"));
        return switch (tool) {
            case "Bash" -> call.shell(Events.text(input, "command"), null, null);
            case "apply_patch" -> call.files(Tool.WRITE_FILE, PatchFiles.of(Events.text(input, "command")));
            default -> {
                McpTool mcp = McpTool.of(tool);
                yield mcp != null ? call.mcp(mcp.server(), mcp.tool()) : call.other();
            }
        };
    }

    @Override
    public HookAnswer answer(ToolCall call, Verdict verdict) {
        Verdict.Reply reply = verdict.reply(call, EnumSet.noneOf(Verdict.Can.class));
        return switch (reply) {
            case SILENT, ALLOW -> HookAnswer.silent();
            default -> HookAnswer.json(deny(verdict.explained(reply, "Codex")));
        };
    }

    private static String deny(String reason) {
        ObjectNode root = Events.JSON.createObjectNode();
        ObjectNode out = root.putObject("hookSpecificOutput");
        out.put("hookEventName", "PreToolUse");
        out.put("permissionDecision", "deny");
        out.put("permissionDecisionReason", reason);
        return root.toString();
    }
}
