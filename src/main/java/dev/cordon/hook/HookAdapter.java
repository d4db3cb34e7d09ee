package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One agent's hook protocol: its event in, the calls cordon decides out; a verdict in, the answer
 * in that agent's terms out. Refusals that come before any decision (bad input, time-outs, a
 * crashed service) are the same for every agent: {@link HookAnswer#refusal(String)}.
 */
public interface HookAdapter {

    /** The agent's name on the command line, e.g. {@code claude-code}. */
    String agent();

    /**
     * What the event asks to do.
     *
     * @param event the event, a JSON object
     * @param env the hook's environment (some agents name the project root there)
     * @throws BadEvent when the event is not what the protocol documents
     */
    ToolCall read(JsonNode event, java.util.Map<String, String> env);

    /** The answer to the verdict on a call this adapter read. */
    HookAnswer answer(ToolCall call, Verdict verdict);
}
