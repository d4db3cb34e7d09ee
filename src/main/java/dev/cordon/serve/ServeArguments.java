package dev.cordon.serve;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the JSON bodies of {@code /v1/decide} and {@code /v1/run} into command lines. */
final class ServeArguments {

    private ServeArguments() {
    }

    /** {@code policy test --json}: tool, command or argv or path, profile, workspace. */
    static List<String> decide(JsonNode body) {
        List<String> args = new ArrayList<>(List.of("policy", "test", "--json"));
        option(args, body, "tool", "--tool");
        option(args, body, "path", "--path");
        option(args, body, "profile", "--profile");
        option(args, body, "workspace", "--workspace");
        command(args, body, !body.hasNonNull("path"));
        return args;
    }

    /** {@code run --json --no-input}: no human answers an ASK through the service. */
    static List<String> run(JsonNode body) {
        List<String> args = new ArrayList<>(List.of("run", "--json", "--no-input"));
        option(args, body, "profile", "--profile");
        option(args, body, "sandbox", "--sandbox");
        option(args, body, "executor", "--executor");
        option(args, body, "workspace", "--workspace");
        option(args, body, "timeout", "--timeout");
        command(args, body, true);
        return args;
    }

    private static void command(List<String> args, JsonNode body, boolean required) {
        boolean line = body.hasNonNull("command");
        boolean vector = body.hasNonNull("argv");
        if (line && vector) {
            throw new IllegalArgumentException("give `command` or `argv`, not both");
        }
        if (!line && !vector) {
            if (required) {
                throw new IllegalArgumentException("missing `command` (a shell line) or `argv` (a list)");
            }
            return;
        }
        args.add("--");
        if (line) {
            args.add(body.get("command").asText());
        } else {
            args.addAll(strings(body, "argv"));
        }
    }

    private static void option(List<String> args, JsonNode body, String field, String flag) {
        JsonNode value = body.get(field);
        if (value != null && !value.isNull()) {
            if (!value.isValueNode()) {
                throw new IllegalArgumentException("`" + field + "` must be a string or a number");
            }
            args.add(flag);
            args.add(value.asText());
        }
    }

    static List<String> strings(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException("`" + field + "` must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        value.forEach(v -> {
            if (!v.isTextual()) {
                throw new IllegalArgumentException("`" + field + "` must be a list of strings");
            }
            out.add(v.asText());
        });
        return out;
    }

    static Map<String, String> map(JsonNode body, String field) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return out;
        }
        if (!value.isObject()) {
            throw new IllegalArgumentException("`" + field + "` must be an object of strings");
        }
        value.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
