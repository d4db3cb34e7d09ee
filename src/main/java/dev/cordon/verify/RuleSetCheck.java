package dev.cordon.verify;

import dev.cordon.diagnostic.FileNames;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.rules.RuleDir;
import dev.cordon.rules.RuleFile;
import dev.cordon.rules.RuleInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cases of a rule set, run when it is loaded for {@code policy check} and {@code policy
 * verify}: beside {@code X.drl}, {@code X.cases.yaml} (see {@link CaseFile}). A rule file's cases
 * are decided by the rules of its own layer and the layers below, the rules it was written
 * with: a user's rule cannot break the built-in cases, nor a project's the user's. They are not
 * run when rules load to decide: a cold {@code cordon policy test} would pay for every case
 * before its one decision.
 */
public final class RuleSetCheck {

    /**
     * What the cases showed.
     *
     * @param cases how many cases ran
     * @param failures every case that failed or could not be read, at its {@code file:line:col}
     * @param unnamed every rule in force that no case names, at the rule's {@code file:line:col}
     */
    public record Report(int cases, List<Problem> failures, List<Problem> unnamed) {
    }

    private RuleSetCheck() {
    }

    /** The engine of the rules of {@code layer} and the layers below it. */
    private static PolicyEngine upTo(PolicyEngine engine, Provenance.Layer layer) {
        List<RuleDir> dirs = engine.dirs().stream().filter(d -> d.layer().compareTo(layer) <= 0).toList();
        return dirs.equals(engine.dirs()) ? engine : PolicyEngine.load(dirs);
    }

    /** The cases file of a rule file: {@code X.drl} has {@code X.cases.yaml}. */
    public static Path casesOf(Path ruleFile) {
        String name = ruleFile.getFileName().toString();
        return ruleFile.resolveSibling(name.substring(0, name.length() - ".drl".length()) + ".cases.yaml");
    }

    /** Runs the cases of every rule file of the engine; those needing the policy in force run with {@code runner}. */
    public static Report run(PolicyEngine engine, CaseRunner runner) {
        List<Problem> failures = new ArrayList<>();
        List<PolicyCase> cases = new ArrayList<>();
        Map<Provenance.Layer, List<PolicyCase>> byLayer = new EnumMap<>(Provenance.Layer.class);
        for (RuleFile file : engine.files()) {
            Path path = casesOf(file.path());
            if (Files.isRegularFile(path)) {
                try {
                    List<PolicyCase> own = CaseFile.read(path, FileNames.display(path), file.layer()).cases();
                    cases.addAll(own);
                    byLayer.computeIfAbsent(file.layer(), layer -> new ArrayList<>()).addAll(own);
                } catch (PolicyException e) {
                    failures.addAll(e.problems());
                }
            }
        }
        byLayer.forEach((layer, own) -> failures.addAll(runner.run(own, upTo(engine, layer)).failures()));
        Set<String> named = new HashSet<>();
        cases.forEach(c -> named.add(c.rule()));
        List<Problem> unnamed = new ArrayList<>();
        for (RuleInfo rule : engine.rules()) {
            if (!named.contains(rule.id())) {
                unnamed.add(rule.source().problem("no case names rule `" + rule.id() + "`; add one to `"
                        + casesOf(Path.of(rule.file())).getFileName() + "` under `match`"));
            }
        }
        return new Report(cases.size(), List.copyOf(failures), List.copyOf(unnamed));
    }
}
