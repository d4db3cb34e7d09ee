package dev.cordon.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.decision.Decision;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit line format: one JSON object per event, keys in a fixed order, every key present
 * ({@code null} when unknown), times ISO-8601 in UTC with milliseconds. Readers ignore keys
 * they do not know, so fields can be added later.
 */
public final class AuditJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private AuditJson() {
    }

    /** The event as one line of JSON, without the line break. Does not redact. */
    public static String write(AuditEvent event) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("time", DateTimeFormatter.ISO_INSTANT.format(event.time().truncatedTo(ChronoUnit.MILLIS)));
        json.put("session", event.session());
        json.put("tool", event.tool());
        json.put("command", event.command());
        json.put("path", event.path());
        json.put("decision", event.decision().name());
        json.put("rule", event.rule());
        json.put("layer", event.layer());
        json.put("executor", event.executor());
        json.put("exit_code", event.exitCode());
        ArrayNode violations = json.putArray("violations");
        for (AuditViolation violation : event.violations()) {
            ObjectNode node = violations.addObject().put("kind", violation.kind()).put("detail", violation.detail());
            if (violation.host() != null) {
                node.put("host", violation.host()).put("port", violation.port()).put("rule", violation.rule())
                        .put("location", violation.location());
            }
        }
        json.put("answer", event.answer());
        json.put("profile", event.profile());
        json.put("mode", event.mode());
        json.put("enforced", event.enforced());
        json.put("cwd", event.cwd());
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an audit event as json", e);
        }
    }

    /**
     * The event on one line.
     *
     * @throws IllegalArgumentException when the line is not a complete audit event
     */
    public static AuditEvent read(String line) {
        JsonNode json;
        try {
            json = MAPPER.readTree(line);
        } catch (JsonEOFException e) {
            throw new IllegalArgumentException("incomplete json: the line ends early");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("invalid json at column " + e.getLocation().getColumnNr());
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("not a json object");
        }
        try {
            List<AuditViolation> violations = new ArrayList<>();
            for (JsonNode violation : json.path("violations")) {
                JsonNode port = violation.get("port");
                violations.add(new AuditViolation(required(violation, "kind"), text(violation, "detail"),
                        text(violation, "host"), port == null || port.isNull() ? null : port.asInt(),
                        text(violation, "rule"), text(violation, "location")));
            }
            JsonNode exit = json.get("exit_code");
            return new AuditEvent(
                    Instant.parse(required(json, "time")),
                    text(json, "session"),
                    required(json, "tool"),
                    text(json, "command"),
                    text(json, "path"),
                    decision(required(json, "decision")),
                    text(json, "rule"),
                    text(json, "layer"),
                    text(json, "executor"),
                    exit == null || exit.isNull() ? null : exit.asInt(),
                    violations,
                    text(json, "answer"),
                    text(json, "profile"),
                    text(json, "mode"),
                    json.path("enforced").asBoolean(true),
                    text(json, "cwd"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("invalid `time`: " + e.getParsedString());
        }
    }

    private static Decision decision(String value) {
        for (Decision decision : Decision.values()) {
            if (decision.name().equals(value)) {
                return decision;
            }
        }
        throw new IllegalArgumentException("unknown decision `" + value + "`");
    }

    private static String required(JsonNode json, String key) {
        String value = text(json, key);
        if (value == null) {
            throw new IllegalArgumentException("missing `" + key + "`");
        }
        return value;
    }

    private static String text(JsonNode json, String key) {
        JsonNode node = json.get(key);
        return node == null || node.isNull() ? null : node.asText();
    }
}
