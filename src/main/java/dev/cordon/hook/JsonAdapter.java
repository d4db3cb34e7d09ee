package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.fact.McpTool;
import dev.cordon.request.Tool;
import java.util.List;
import java.util.Map;

/**
 * cordon's own hook protocol, for any agent: a request as {@code /v1/decide} takes it, a decision
 * object back, the decision also in the exit code as {@code policy test} has it (see
 * {@code docs/json.md}).
 */
public final class JsonAdapter implements HookAdapter {

    public static final String AGENT = "json";

    /** Bumped only for incompatible changes; new fields may appear in any version. */
    static final int SCHEMA = 1;

    @Override
    public String agent() {
        return AGENT;
    }

    @Override
    public ToolCall read(JsonNode event, Map<String, String> env) {
        String name = Events.text(event, "tool");
        Tool tool = Tool.of(name);
        String workspace = Events.optionalText(event, "workspace");
        EventCall call = new EventCall(name, Events.absolute(event, "cwd"),
                workspace == null ? null : Events.absolute(event, "workspace"), (ObjectNode) event,
                Events.optionalText(event, "session"));
        McpTool mcp = McpTool.of(name);
        if (tool.isShell()) {
            return call.shell(Events.text(event, "command"), null, null);
        }
        if (tool.equals(Tool.NETWORK)) {
            return call.web(List.of(Events.text(event, "url")));
        }
        if (tool.equals(Tool.READ_FILE) || tool.equals(Tool.LIST_DIRECTORY) || tool.isWrite()) {
            return call.files(tool, List.of(Events.text(event, "path")));
        }
        return mcp != null ? call.mcp(mcp.server(), mcp.tool()) : call.other();
    }

    @Override
    public HookAnswer answer(ToolCall call, Verdict verdict) {
        ObjectNode root = Events.JSON.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("decision", verdict.decision().name());
        root.put("policy_decision", verdict.decided().name());
        root.put("rule", verdict.rule());
        root.put("file", verdict.file());
        root.put("line", verdict.line());
        root.put("reason", verdict.reason());
        root.put("profile", verdict.profile());
        root.put("mode", verdict.mode().name().toLowerCase(java.util.Locale.ROOT));
        root.put("confined_command", verdict.confined());
        return new HookAnswer(ExitCode.of(verdict.decision()), root.toString() + "\n", "");
    }
}
