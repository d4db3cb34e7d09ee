package dev.cordon.rules;

import dev.cordon.diagnostic.Problem;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;

/**
 * Run by the build, never by cordon: compiles the built-in DRL files into Drools' executable
 * model (Java classes, one lambda per constraint and consequence) and writes those classes, with
 * the digest of each file they were made from, into the core's classes. {@link PrecompiledRules}
 * uses them only while the installed files still have those digests.
 *
 * <p>Usage: {@code PrecompiledRulesGenerator RULES_DIR CLASSES_DIR}. Exits 1, listing
 * {@code file:line:col: message} for each problem, when a rule does not compile to the model.
 */
public final class PrecompiledRulesGenerator {

    /** Where Drools lists the model classes of a kjar, after a version line. */
    private static final String MODEL_LIST = "META-INF/kie/org.default/artifact/drools-model";
    private static final String GENERATED = "META-INF/kie/org.default/artifact/generated-class-names";

    private PrecompiledRulesGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path rules = Path.of(args[0]).toAbsolutePath().normalize();
        Path classes = Path.of(args[1]);
        List<Problem> problems = new ArrayList<>();
        List<Path> files = RuleFiles.list(rules, problems);
        if (files.isEmpty() && problems.isEmpty()) {
            problems.add(new Problem(rules.toString(), 0, 0, "no rule files to compile"));
        }
        KieServices services = KieServices.get();
        KieFileSystem sources = services.newKieFileSystem();
        List<String> digests = new ArrayList<>();
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String name = rules.relativize(file).toString();
            sources.write("src/main/resources/" + name, text);
            digests.add(name + "=" + PrecompiledRules.digest(text));
        }
        KieBuilder builder = problems.isEmpty() ? services.newKieBuilder(sources).buildAll(ExecutableModelProject.class)
                : null;
        if (builder != null) {
            for (Message message : builder.getResults().getMessages(Message.Level.ERROR)) {
                String path = message.getPath() == null ? "rules" : message.getPath();
                problems.add(new Problem(rules.getFileName().resolve(path).toString(), message.getLine(),
                        message.getColumn(), message.getText().strip().lines().findFirst().orElse("")));
            }
        }
        if (!problems.isEmpty()) {
            for (Problem problem : problems) {
                System.err.println("error: " + problem.render());
            }
            System.err.println("help: the built-in rules must compile to Drools' executable model as well as with"
                    + " `dialect \"mvel\"`; call a fact's own method `matches(...)` as `this.matches(...)`");
            System.exit(1);
        }
        InternalKieModule module = (InternalKieModule) builder.getKieModule();
        List<String> models = new String(module.getBytes(MODEL_LIST), StandardCharsets.UTF_8).lines()
                .skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList();
        List<String> generated = new String(module.getBytes(GENERATED), StandardCharsets.UTF_8).lines()
                .map(String::strip).filter(l -> !l.isEmpty()).toList();
        removePrevious(classes);
        for (String className : generated) {
            String entry = className.replace('.', '/') + ".class";
            Path target = classes.resolve(entry);
            Files.createDirectories(target.getParent());
            Files.write(target, module.getBytes(entry));
        }
        try (Writer out = Files.newBufferedWriter(classes.resolve(PrecompiledRules.INDEX), StandardCharsets.UTF_8)) {
            out.write("# Written by the build: the executable model of these built-in rule files.\n");
            out.write("models=" + String.join(",", models) + "\n");
            out.write("classes=" + String.join(",", generated) + "\n");
            for (String digest : digests) {
                out.write("file." + digest + "\n");
            }
        }
        System.out.println("precompiled " + files.size() + " built-in rule files into " + models);
    }

    /** Classes of an earlier run would linger in the classes folder after a rule was removed. */
    private static void removePrevious(Path classes) throws IOException {
        Path index = classes.resolve(PrecompiledRules.INDEX);
        if (!Files.exists(index)) {
            return;
        }
        for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
            if (line.startsWith("classes=")) {
                for (String className : line.substring("classes=".length()).split(",")) {
                    Files.deleteIfExists(classes.resolve(className.strip().replace('.', '/') + ".class"));
                }
            }
        }
        Files.delete(index);
    }
}
