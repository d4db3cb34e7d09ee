package dev.cordon.rules;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.fact.Trust;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.drools.drl.parser.ParserError;
import org.drools.kiesession.rulebase.InternalKnowledgeBase;
import org.kie.api.KieBase;
import org.kie.api.io.Resource;
import org.kie.api.io.ResourceType;
import org.kie.internal.builder.KnowledgeBuilder;
import org.kie.internal.builder.KnowledgeBuilderError;
import org.kie.internal.builder.KnowledgeBuilderFactory;
import org.kie.internal.io.ResourceFactory;

/**
 * Compiles DRL files into rule bases. Every error is reported with the file, line and column it
 * is about; nothing is built unless every file compiles. The built-in files come precompiled by
 * the build while they are unchanged (see {@link PrecompiledRules}).
 */
public final class RuleCompiler {

    /** Drools prints positions as {@code [12,4]} or {@code line 12:4}; the column is then known. */
    private static final Pattern POSITION = Pattern.compile("(?:\\[(\\d+),(\\d+)]|[Ll]ine (\\d+):(\\d+))");

    private RuleCompiler() {
    }

    /**
     * @throws PolicyException listing every problem of every file
     */
    public static CompiledRules compile(List<RuleFile> files) {
        List<Problem> problems = new ArrayList<>();
        RuleIndex index = RuleIndex.of(files, problems);
        List<RuleFile> trusted = files.stream().filter(f -> f.trust() == Trust.TRUSTED).toList();
        List<RuleFile> untrusted = files.stream().filter(f -> f.trust() == Trust.UNTRUSTED).toList();
        untrusted.forEach(f -> UntrustedRuleCheck.check(f, problems));
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        KieBase trustedBase = buildTrusted(trusted, problems);
        KieBase untrustedBase = untrusted.isEmpty() ? null : build(untrusted, problems);
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return new CompiledRules(trustedBase, untrustedBase, index, files);
    }

    /**
     * The built-in files from the build's precompiled model when they are unchanged, with any
     * further files compiled from DRL into the same rule base; else every file from DRL.
     */
    private static KieBase buildTrusted(List<RuleFile> files, List<Problem> problems) {
        PrecompiledRules precompiled = PrecompiledRules.builtIn().orElse(null);
        int covered = precompiled == null ? 0 : precompiled.covers(files);
        if (covered == 0) {
            return build(files, problems);
        }
        InternalKnowledgeBase base = precompiled.newKieBase();
        List<RuleFile> rest = files.subList(covered, files.size());
        // A builder made for a rule base adds what it compiles to it.
        return rest.isEmpty() || add(KnowledgeBuilderFactory.newKnowledgeBuilder(base), rest, problems) ? base : null;
    }

    private static KieBase build(List<RuleFile> files, List<Problem> problems) {
        KnowledgeBuilder builder = KnowledgeBuilderFactory.newKnowledgeBuilder();
        return add(builder, files, problems) ? builder.newKieBase() : null;
    }

    /** Compiles the files into the builder; false, with every problem added, when any does not compile. */
    private static boolean add(KnowledgeBuilder builder, List<RuleFile> files, List<Problem> problems) {
        Map<String, RuleFile> bySource = new HashMap<>();
        for (RuleFile file : files) {
            Resource resource = ResourceFactory.newByteArrayResource(file.text().getBytes(StandardCharsets.UTF_8));
            resource.setSourcePath(file.path().toAbsolutePath().toString());
            bySource.put(resource.getSourcePath(), file);
            builder.add(resource, ResourceType.DRL);
        }
        if (!builder.hasErrors()) {
            return true;
        }
        List<Problem> found = new ArrayList<>();
        for (KnowledgeBuilderError error : builder.getErrors()) {
            found.add(toProblem(error, bySource));
        }
        // Drools adds this after any syntax error; it says nothing the first error does not.
        found.removeIf(p -> p.message().equalsIgnoreCase("parser returned a null package")
                && found.stream().anyMatch(o -> o != p && o.file().equals(p.file())));
        problems.addAll(found);
        return false;
    }

    private static Problem toProblem(KnowledgeBuilderError error, Map<String, RuleFile> bySource) {
        RuleFile file = error.getResource() == null ? null : bySource.get(error.getResource().getSourcePath());
        String display = file == null ? "rules" : file.display();
        int line = 0;
        int column = 0;
        if (error instanceof ParserError parse) {
            line = parse.getRow();
            column = parse.getCol() + 1;
        } else if (error.getLines() != null && error.getLines().length > 0) {
            line = error.getLines()[0];
        }
        String message = oneLine(error.getMessage());
        Matcher m = POSITION.matcher(message);
        if (line <= 0 && m.find()) {
            line = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(3));
            column = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(4)) + 1;
        }
        return new Problem(display, Math.max(line, 0), Math.max(column, 0), message);
    }

    /** Drools messages span lines and start with codes; users get the first meaningful line. */
    private static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "rule file does not compile";
        }
        String first = message.strip().lines().filter(l -> !l.isBlank()).findFirst().orElse(message).strip();
        first = first.replaceFirst("^\\[ERR \\d+]\\s*", "").replaceFirst("^(?i)line \\d+:\\d+\\s+", "");
        if (first.endsWith(".")) {
            first = first.substring(0, first.length() - 1);
        }
        return first.isEmpty() ? "rule file does not compile" : Character.toLowerCase(first.charAt(0)) + first.substring(1);
    }
}
