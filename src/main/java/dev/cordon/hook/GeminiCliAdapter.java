package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.request.Tool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gemini CLI's {@code BeforeTool} hook. The answer is {@code decision} ({@code allow}, {@code ask}
 * or {@code deny}) with a {@code reason}; a SANDBOX shell command is rewritten through
 * {@code hookSpecificOutput.tool_input}. MCP tools are named {@code mcp_SERVER_TOOL}, which cannot
 * be split reliably, so the server and tool come from the event's {@code mcp_context}.
 */
public final class GeminiCliAdapter implements HookAdapter {

    public static final String AGENT = "gemini-cli";

    private static final Pattern URL = Pattern.compile("(?i)\\bhttps?://[^\\s<>\"'`)\\]]+");

    @Override
    public String agent() {
        return AGENT;
    }

    @Override
    public ToolCall read(JsonNode event, Map<String, String> env) {
        Events.expect(event, "hook_event_name", "BeforeTool");
        String tool = Events.text(event, "tool_name");
        ObjectNode input = Events.object(event, "tool_input");
        Path cwd = Events.absolute(event, "cwd");
        EventCall call = new EventCall(tool, cwd, Events.projectRoot(env, "GEMINI_PROJECT_DIR"), input,
                Events.optionalText(event, "session_id"));
        return switch (tool) {
            case "run_shell_command" -> {
                String dir = Events.optionalText(input, "dir_path");
                yield call.shell(Events.text(input, "command"), "command", dir == null ? null : cwd.resolve(dir));
            }
            case "read_file" -> call.files(Tool.READ_FILE, List.of(Events.textOf(input, "file_path", "absolute_path")));
            case "read_many_files" -> readMany(call, input);
            case "write_file" -> call.files(Tool.WRITE_FILE, List.of(Events.text(input, "file_path")));
            case "replace" -> call.files(Tool.EDIT_FILE, List.of(Events.text(input, "file_path")));
            case "list_directory" -> call.listing(Events.textOf(input, "dir_path", "path"), null);
            case "glob" -> call.listing(directory(input), Events.text(input, "pattern"));
            case "search_file_content", "grep_search" -> call.listing(directory(input), null);
            case "web_fetch" -> call.web(urls(Events.text(input, "prompt")));
            // The search runs at Google, not from this machine: no destination to check.
            case "google_web_search" -> call.other();
            default -> mcpOrOther(call, event);
        };
    }

    /** Every include entry, a path or a glob, read from where its fixed part leads. */
    private static ToolCall readMany(EventCall call, ObjectNode input) {
        JsonNode include = input.has("include") ? input.get("include") : input.get("paths");
        if (include == null || !include.isArray() || include.isEmpty()) {
            throw new BadEvent("field `include` must be a non-empty list of paths or globs");
        }
        List<String> paths = new ArrayList<>();
        for (JsonNode entry : include) {
            if (!entry.isTextual() || entry.asText().isEmpty()) {
                throw new BadEvent("field `include` must hold non-empty strings");
            }
            String prefix = GlobPrefix.of(entry.asText());
            boolean literal = prefix.equals(entry.asText());
            paths.add(call.cwd().resolve(literal ? entry.asText() : prefix.isEmpty() ? "." : prefix).toString());
        }
        return call.files(Tool.LIST_DIRECTORY, paths);
    }

    private static String directory(ObjectNode input) {
        String dir = Events.optionalText(input, "dir_path");
        return dir != null ? dir : Events.optionalText(input, "path");
    }

    /** The URLs a web_fetch prompt names; none leaves the destination unknown. */
    private static List<String> urls(String prompt) {
        List<String> urls = new ArrayList<>();
        Matcher matcher = URL.matcher(prompt);
        while (matcher.find()) {
            urls.add(matcher.group());
        }
        return urls;
    }

    private static ToolCall mcpOrOther(EventCall call, JsonNode event) {
        JsonNode context = event.get("mcp_context");
        if (context == null || context.isNull()) {
            return call.other();
        }
        if (!context.isObject()) {
            throw new BadEvent("field `mcp_context` must be an object");
        }
        return call.mcp(Events.text(context, "server_name"), Events.text(context, "tool_name"));
    }

    @Override
    public HookAnswer answer(ToolCall call, Verdict verdict) {
        Verdict.Reply reply = verdict.reply(call, EnumSet.of(Verdict.Can.ASK, Verdict.Can.REWRITE_INPUT));
        String reason = verdict.explained(reply, "Gemini CLI");
        return switch (reply) {
            case SILENT -> HookAnswer.silent();
            case ALLOW -> HookAnswer.json(decision("allow", reason, null));
            case ASK -> HookAnswer.json(decision("ask", reason, null));
            case DENY -> HookAnswer.json(decision("deny", reason, null));
            case CONFINE -> HookAnswer.json(decision("allow", reason, call.inputWithCommand(verdict.confined())));
            case CONFINE_ASK -> HookAnswer.json(decision("ask", reason, call.inputWithCommand(verdict.confined())));
        };
    }

    private static String decision(String decision, String reason, ObjectNode toolInput) {
        ObjectNode root = Events.JSON.createObjectNode();
        root.put("decision", decision);
        root.put("reason", reason);
        if (!decision.equals("allow")) {
            // Gemini CLI shows the system message when it asks its user.
            root.put("systemMessage", reason);
        }
        if (toolInput != null) {
            ObjectNode out = root.putObject("hookSpecificOutput");
            out.put("hookEventName", "BeforeTool");
            out.set("tool_input", toolInput);
        }
        return root.toString();
    }
}
