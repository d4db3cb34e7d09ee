package dev.cordon.profile;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.path.Expansion;
import dev.cordon.path.PathNormalizer;
import dev.cordon.yaml.Checks;
import dev.cordon.yaml.Problems;
import dev.cordon.yaml.Yaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads profile files and {@code config.yaml} files; every problem names file, line and column. */
final class DocumentReader {

    static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /**
     * Parsed documents by file, full text and variable values: a warm process (the service,
     * tests) skips re-parsing, yet any change to a file's text is read fresh.
     */
    private static final DocumentCache CACHE = new DocumentCache(256);

    private record CacheKey(SourceFile file, String kind, String text, java.util.List<String> variables) {
    }

    private final Expansion expansion;

    DocumentReader(Expansion expansion) {
        this.expansion = expansion;
    }

    ProfileDocument profile(String name, SourceFile file) {
        String text = read(file);
        return (ProfileDocument) CACHE.get(new CacheKey(file, name, text, expansion.values()), () -> profile(name, file, text));
    }

    ProfileDocument profile(String name, SourceFile file, String text) {
        Problems problems = new Problems(file.display());
        Checks nodes = new Checks(problems);
        Optional<Yaml.Node> root = Yaml.read(file.display(), text);
        if (root.isEmpty()) {
            throw new PolicyException(new Problem(file.display(), 0, 0, "empty profile, expected a mapping of settings"));
        }
        SettingsParser parser = new SettingsParser(file, expansion, nodes);
        Settings settings = new Settings();
        String parent = null;
        String description = null;
        Provenance parentSource = null;
        for (Yaml.Field field : nodes.fields(root.get(), "a profile").values()) {
            switch (field.name()) {
                case "extends" -> {
                    parent = nodes.string(field.value(), "`extends`");
                    parentSource = file.at(field.value());
                    if (parent != null && !PROFILE_NAME.matcher(parent).matches()) {
                        problems.add(field.value(), "expected a profile name for `extends`, got `" + parent + "`");
                    }
                }
                case "description" -> description = nodes.string(field.value(), "`description`");
                default -> {
                    if (!parser.read(field, settings)) {
                        problems.add(field.key(), unknown(field.name(), List.of("extends", "description")));
                    }
                }
            }
        }
        problems.throwIfAny();
        return new ProfileDocument(name, file, parent, parentSource, description, settings);
    }

    /** Which config file is read: only the user's may list trusted projects. */
    enum ConfigKind {
        USER,
        PROJECT
    }

    ConfigDocument config(SourceFile file, ConfigKind kind) {
        String text = read(file);
        return (ConfigDocument) CACHE.get(new CacheKey(file, kind.name(), text, expansion.values()), () -> config(file, kind, text));
    }

    ConfigDocument config(SourceFile file, ConfigKind kind, String text) {
        Problems problems = new Problems(file.display());
        Checks nodes = new Checks(problems);
        Optional<Yaml.Node> root = Yaml.read(file.display(), text);
        if (root.isEmpty()) {
            return ConfigDocument.empty(file);
        }
        SettingsParser parser = new SettingsParser(file, expansion, nodes);
        Settings overrides = new Settings();
        String profile = null;
        Provenance profileSource = null;
        List<String> trusted = new ArrayList<>();
        List<String> own = kind == ConfigKind.USER ? List.of("profile", "trusted_projects") : List.of("profile");
        for (Yaml.Field field : nodes.fields(root.get(), "a config").values()) {
            if (field.name().equals("profile")) {
                profile = nodes.string(field.value(), "`profile`");
                profileSource = file.at(field.value());
                if (profile != null && !PROFILE_NAME.matcher(profile).matches()) {
                    problems.add(field.value(), "expected a profile name for `profile`, got `" + profile + "`");
                }
            } else if (field.name().equals("trusted_projects") && kind == ConfigKind.USER) {
                trusted = trustedProjects(nodes, field);
            } else if (field.name().equals("trusted_projects")) {
                problems.add(field.key(), "`trusted_projects` is only read from the user config, not from a project");
            } else if (field.name().equals("extends") || field.name().equals("description")) {
                problems.add(field.key(), "`" + field.name() + "` belongs in a profile file; a config selects one with `profile`");
            } else if (!parser.read(field, overrides)) {
                problems.add(field.key(), unknown(field.name(), own));
            }
        }
        problems.throwIfAny();
        return new ConfigDocument(file, profile, profileSource, trusted, overrides);
    }

    private List<String> trustedProjects(Checks nodes, Yaml.Field field) {
        List<String> out = new ArrayList<>();
        List<Yaml.Node> items = nodes.list(field.value(), "`trusted_projects`");
        if (items == null) {
            return out;
        }
        PathNormalizer normalizer = new PathNormalizer(expansion.value(Expansion.HOME), null);
        for (Yaml.Node item : items) {
            String raw = nodes.string(item, "`trusted_projects`");
            if (raw == null) {
                continue;
            }
            if (!PatternPaths.isAbsolute(raw) || PatternPaths.hasWildcard(raw)) {
                nodes.problems().add(item, "expected an absolute directory without wildcards in `trusted_projects`, got `"
                        + raw + "`");
                continue;
            }
            out.add(normalizer.normalize(raw));
        }
        return out;
    }

    private static String unknown(String name, List<String> own) {
        List<String> expected = new ArrayList<>(own);
        expected.addAll(Key.topLevelNames());
        return "unknown key `" + name + "`, expected one of " + String.join(", ", expected);
    }

    static String read(SourceFile file) {
        try {
            return Files.readString(file.path(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PolicyException(new Problem(file.display(), 0, 0, "cannot read: " + e.getMessage()));
        }
    }
}
