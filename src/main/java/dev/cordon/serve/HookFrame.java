package dev.cordon.serve;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What the hook launcher sends: fields ended by a NUL byte — {@code cordon-hook 1}, the agent,
 * the caller's build stamp, then one {@code NAME=VALUE} per variable of the hook's environment
 * (what {@code env -0} prints), then an empty field — and after them the event's bytes exactly as
 * the agent wrote them. NUL can be in neither a name, a value nor the stamp, so the shell builds
 * it with {@code printf} and {@code env -0}, no quoting involved.
 *
 * @param agent the agent whose hook it is
 * @param stamp the caller's build stamp
 * @param env the hook's environment
 * @param event the event
 */
public record HookFrame(String agent, String stamp, Map<String, String> env, byte[] event) {

    static final String MAGIC = "cordon-hook 1";

    /**
     * @throws IllegalArgumentException when the body is not a frame
     */
    static HookFrame parse(byte[] body) {
        int[] at = {0};
        if (!MAGIC.equals(field(body, at))) {
            throw new IllegalArgumentException("the body is not a cordon hook frame");
        }
        String agent = field(body, at);
        String stamp = field(body, at);
        Map<String, String> env = new HashMap<>();
        for (String entry = field(body, at); !entry.isEmpty(); entry = field(body, at)) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("the frame has an environment entry without a name");
            }
            env.put(entry.substring(0, equals), entry.substring(equals + 1));
        }
        return new HookFrame(agent, stamp, env, Arrays.copyOfRange(body, at[0], body.length));
    }

    /** The frame of an event, as the launcher builds it. */
    static byte[] of(String agent, String stamp, Map<String, String> env, byte[] event) {
        StringBuilder head = new StringBuilder(MAGIC).append('\0').append(agent).append('\0').append(stamp).append('\0');
        env.forEach((name, value) -> head.append(name).append('=').append(value).append('\0'));
        head.append('\0');
        byte[] bytes = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] frame = Arrays.copyOf(bytes, bytes.length + event.length);
        System.arraycopy(event, 0, frame, bytes.length, event.length);
        return frame;
    }

    private static String field(byte[] body, int[] at) {
        for (int i = at[0]; i < body.length; i++) {
            if (body[i] == 0) {
                String text = new String(body, at[0], i - at[0], StandardCharsets.UTF_8);
                at[0] = i + 1;
                return text;
            }
        }
        throw new IllegalArgumentException("the frame ends before its environment does");
    }
}
