package dev.cordon.hook.settings;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON settings file, read strictly and written back with two-space indents, every key kept in
 * its order. A file with comments (Gemini CLI allows them) is not rewritten: the comments would be
 * lost.
 */
final class JsonSettings {

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS).build();

    private JsonSettings() {
    }

    /** The file's object, or an empty one when the file does not exist. */
    static ObjectNode read(Path file) {
        if (!Files.exists(file)) {
            return STRICT.createObjectNode();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SettingsError("cannot read `" + file + "`: " + e.getMessage());
        }
        if (text.isBlank()) {
            return STRICT.createObjectNode();
        }
        JsonNode node;
        try {
            node = STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            boolean comments;
            try {
                LENIENT.readTree(text);
                comments = true;
            } catch (JsonProcessingException again) {
                comments = false;
            }
            if (comments) {
                throw new SettingsError("`" + file + "` has comments, which cordon would lose in rewriting it;"
                        + " add the hook by hand (see docs/integrations/) or remove the comments");
            }
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr();
            String message = e.getOriginalMessage();
            int detail = message.indexOf(" (for ");
            throw new SettingsError(file + where + ": not valid JSON: " + (detail > 0 ? message.substring(0, detail) : message));
        }
        if (!(node instanceof ObjectNode object)) {
            throw new SettingsError(file + ": the settings must be a JSON object");
        }
        return object;
    }

    static String render(ObjectNode root) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return STRICT.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
