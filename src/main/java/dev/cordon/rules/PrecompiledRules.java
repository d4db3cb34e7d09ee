package dev.cordon.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.drools.kiesession.rulebase.InternalKnowledgeBase;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;

/**
 * The built-in rule files as the build compiled them: Java classes of Drools' executable model
 * (see {@link PrecompiledRulesGenerator}). Building a rule base from them costs tens of
 * milliseconds, where compiling the DRL costs most of a second. They stand for the built-in
 * files only while the files in force begin with every one of them, byte for byte as they were
 * built (compared by SHA-256); an edited, added or removed built-in file means the DRL is
 * compiled instead, so a change is never decided with the old rules.
 */
final class PrecompiledRules {

    /** The build's record: the model classes, and each file's digest. */
    static final String INDEX = "dev/cordon/rules/precompiled-rules.properties";

    private static final Optional<PrecompiledRules> BUILT_IN = load();

    private final List<String> models;
    private final Map<String, Integer> digests;
    private final int files;

    private PrecompiledRules(List<String> models, Map<String, Integer> digests, int files) {
        this.models = models;
        this.digests = digests;
        this.files = files;
    }

    /** The built-in rules' model, when this build has one. */
    static Optional<PrecompiledRules> builtIn() {
        return BUILT_IN;
    }

    /**
     * How many leading files the model stands for: all the built-in files when they come first,
     * each unchanged, else 0.
     */
    int covers(List<RuleFile> ruleFiles) {
        if (ruleFiles.size() < files) {
            return 0;
        }
        Map<String, Integer> unmatched = new HashMap<>(digests);
        for (RuleFile file : ruleFiles.subList(0, files)) {
            String digest = digest(file.text());
            Integer left = unmatched.get(digest);
            if (left == null) {
                return 0;
            }
            if (left == 1) {
                unmatched.remove(digest);
            } else {
                unmatched.put(digest, left - 1);
            }
        }
        return unmatched.isEmpty() ? files : 0;
    }

    /** A rule base of the precompiled rules; more DRL may be added to it. */
    InternalKnowledgeBase newKieBase() {
        List<Model> instances = new ArrayList<>(models.size());
        for (String name : models) {
            try {
                instances.add((Model) Class.forName(name, true, PrecompiledRules.class.getClassLoader())
                        .getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the precompiled rules of this build are incomplete: " + e, e);
            }
        }
        return KieBaseBuilder.createKieBaseFromModel(instances);
    }

    /** SHA-256 of a rule file's text, as UTF-8, in hex. */
    static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Optional<PrecompiledRules> load() {
        try (InputStream in = PrecompiledRules.class.getClassLoader().getResourceAsStream(INDEX)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties index = new Properties();
            index.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<String> models = List.of(index.getProperty("models", "").split(","));
            Map<String, Integer> digests = new HashMap<>();
            int files = 0;
            for (String key : index.stringPropertyNames()) {
                if (key.startsWith("file.")) {
                    digests.merge(index.getProperty(key), 1, Integer::sum);
                    files++;
                }
            }
            return files == 0 || models.get(0).isEmpty() ? Optional.empty()
                    : Optional.of(new PrecompiledRules(models, Map.copyOf(digests), files));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
