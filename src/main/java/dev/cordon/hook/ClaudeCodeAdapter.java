package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.fact.McpTool;
import dev.cordon.request.Tool;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Claude Code's {@code PreToolUse} command hook (and its HTTP hook, which posts the same event).
 * The answer is {@code hookSpecificOutput.permissionDecision} with a reason naming the rule; a
 * SANDBOX shell command is rewritten through {@code updatedInput} to run under {@code cordon run}.
 */
public final class ClaudeCodeAdapter implements HookAdapter {

    public static final String AGENT = "claude-code";

    @Override
    public String agent() {
        return AGENT;
    }

    @Override
    public ToolCall read(JsonNode event, Map<String, String> env) {
        Events.expect(event, "hook_event_name", "PreToolUse");
        String tool = Events.text(event, "tool_name");
        ObjectNode input = Events.object(event, "tool_input");
        EventCall call = new EventCall(tool, Events.absolute(event, "cwd"),
                Events.projectRoot(env, "CLAUDE_PROJECT_DIR"), input, Events.optionalText(event, "session_id"));
        return switch (tool) {
            case "Bash" -> call.shell(Events.text(input, "command"), "command", null);
            case "Read" -> call.files(Tool.READ_FILE, List.of(Events.text(input, "file_path")));
            case "Write" -> call.files(Tool.WRITE_FILE, List.of(Events.text(input, "file_path")));
            case "Edit", "MultiEdit" -> call.files(Tool.EDIT_FILE, List.of(Events.text(input, "file_path")));
            case "NotebookEdit" -> call.files(Tool.EDIT_FILE, List.of(Events.text(input, "notebook_path")));
            case "Glob" -> call.listing(Events.optionalText(input, "path"), Events.text(input, "pattern"));
            // Grep's own `glob` only narrows which files below `path` are searched.
            case "Grep" -> call.listing(Events.optionalText(input, "path"), null);
            case "LS" -> call.listing(Events.text(input, "path"), null);
            case "WebFetch" -> call.web(List.of(Events.text(input, "url")));
            // The search runs at Anthropic, not from this machine: no destination to check.
            case "WebSearch" -> call.other();
            default -> {
                McpTool mcp = McpTool.of(tool);
                yield mcp != null ? call.mcp(mcp.server(), mcp.tool()) : call.other();
            }
        };
    }

    @Override
    public HookAnswer answer(ToolCall call, Verdict verdict) {
        Verdict.Reply reply = verdict.reply(call, EnumSet.of(Verdict.Can.ASK, Verdict.Can.REWRITE_INPUT));
        String reason = verdict.explained(reply, "Claude Code");
        return switch (reply) {
            case SILENT -> HookAnswer.silent();
            case ALLOW, ASK, DENY -> HookAnswer.json(decision(reply.name().toLowerCase(Locale.ROOT), reason, null));
            case CONFINE -> HookAnswer.json(decision("allow", reason, call.inputWithCommand(verdict.confined())));
            case CONFINE_ASK -> HookAnswer.json(decision("ask", reason, call.inputWithCommand(verdict.confined())));
        };
    }

    /** A deny for Claude Code's HTTP hook, which has no exit codes: a refusal must be an answer. */
    public static String denial(String reason) {
        return decision("deny", "cordon: refused: " + reason, null);
    }

    private static String decision(String permission, String reason, ObjectNode updatedInput) {
        ObjectNode root = Events.JSON.createObjectNode();
        ObjectNode out = root.putObject("hookSpecificOutput");
        out.put("hookEventName", "PreToolUse");
        out.put("permissionDecision", permission);
        out.put("permissionDecisionReason", reason);
        if (updatedInput != null) {
            out.set("updatedInput", updatedInput);
        }
        return root.toString();
    }
}
