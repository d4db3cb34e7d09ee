package dev.cordon.hook;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads an event strictly: UTF-8 only, one JSON object, no duplicate keys, nothing after it. Where
 * a protocol leaves room for two readings, the adapters take the stricter one; here that means
 * refusing what a lenient parser would guess at.
 */
public final class Events {

    /** Shared by every adapter; configured once, thread-safe. */
    static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private Events() {
    }

    /** The event as a JSON object. */
    public static ObjectNode parse(byte[] bytes) {
        String text = utf8(bytes);
        if (text.isBlank()) {
            throw new BadEvent("no event on standard input");
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new BadEvent("the event is not valid JSON" + where + ": " + e.getOriginalMessage());
        }
        if (!(node instanceof ObjectNode object)) {
            throw new BadEvent("the event must be a JSON object");
        }
        return object;
    }

    private static String utf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadEvent("the event is not valid UTF-8");
        }
    }

    /** Refuses any event but the one named. */
    static void expect(JsonNode event, String field, String name) {
        String given = text(event, field);
        if (!given.equals(name)) {
            throw new BadEvent("unknown event `" + given + "` in `" + field + "`: cordon answers " + name);
        }
    }

    /** A required, non-empty string field. */
    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new BadEvent("missing field `" + field + "`");
        }
        if (!value.isTextual() || value.asText().isEmpty()) {
            throw new BadEvent("field `" + field + "` must be a non-empty string");
        }
        return value.asText();
    }

    /** An optional string field: null when absent or null, refused when of another type. */
    static String optionalText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new BadEvent("field `" + field + "` must be a string");
        }
        return value.asText();
    }

    /** The first of these fields that is present, as a required string. */
    static String textOf(JsonNode node, String... fields) {
        for (String field : fields) {
            if (node.hasNonNull(field)) {
                return text(node, field);
            }
        }
        throw new BadEvent("missing field `" + fields[0] + "`");
    }

    /** A required object field. */
    static ObjectNode object(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new BadEvent("missing field `" + field + "`");
        }
        if (!(value instanceof ObjectNode object)) {
            throw new BadEvent("field `" + field + "` must be an object");
        }
        return object;
    }

    /** A required absolute path. */
    static Path absolute(JsonNode node, String field) {
        return absolutePath(text(node, field), "field `" + field + "`");
    }

    /** The project root an agent names in the hook's environment, or null. */
    static Path projectRoot(Map<String, String> env, String variable) {
        String value = env.get(variable);
        if (value == null || value.isBlank()) {
            return null;
        }
        return absolutePath(value, "`$" + variable + "`");
    }

    private static Path absolutePath(String value, String what) {
        try {
            Path path = Path.of(value);
            if (!path.isAbsolute()) {
                throw new BadEvent(what + " must be an absolute path, got `" + value + "`");
            }
            return path;
        } catch (InvalidPathException e) {
            throw new BadEvent(what + " is not a path: `" + value + "`");
        }
    }
}
