package dev.cordon.verify;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.Match;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.request.Request;
import dev.cordon.rules.RuleFile;
import dev.cordon.rules.RuleFiles;
import dev.cordon.rules.RuleInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs the examples that rule files carry: beside {@code X.drl}, {@code X.cases.yaml} lists under
 * {@code match:} requests a rule must match and under {@code not_match:} look-alikes it must not.
 * A rule "matches" when it raises a finding for the request, whether or not that finding decides.
 */
public final class ExampleCheck {

    /**
     * What the examples showed.
     *
     * @param examples how many examples ran
     * @param problems every example that failed or could not be read
     */
    public record Report(int examples, List<Problem> problems) {
    }

    private ExampleCheck() {
    }

    /** The examples file of a rule file: {@code X.drl} has {@code X.cases.yaml}. */
    public static Path examplesOf(Path ruleFile) {
        String name = ruleFile.getFileName().toString();
        return ruleFile.resolveSibling(name.substring(0, name.length() - ".drl".length()) + ".cases.yaml");
    }

    public static Report run(PolicyEngine engine) {
        Set<String> known = engine.rules().stream().map(RuleInfo::id).collect(Collectors.toSet());
        List<Problem> problems = new ArrayList<>();
        int count = 0;
        for (RuleFile file : engine.files()) {
            Path examples = examplesOf(file.path());
            if (!Files.isRegularFile(examples)) {
                continue;
            }
            for (Example example : read(examples, problems)) {
                count++;
                check(engine, example, known, problems);
            }
        }
        return new Report(count, List.copyOf(problems));
    }

    private record Example(PolicyCase request, boolean match) {
    }

    private static List<Example> read(Path file, List<Problem> problems) {
        String display = RuleFiles.display(file);
        List<Example> examples = new ArrayList<>();
        Yaml.Value root;
        try {
            root = Yaml.read(display, Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            problems.add(new Problem(display, 0, 0, "cannot read examples: " + e.getMessage()));
            return examples;
        } catch (PolicyException e) {
            problems.addAll(e.problems());
            return examples;
        }
        CaseReader reader = new CaseReader(display, problems);
        if (!(root instanceof Yaml.Mapping map)) {
            reader.problem(root, "examples must be a mapping with `match` and `not_match` lists");
            return examples;
        }
        for (Map.Entry<String, Yaml.Value> e : map.entries().entrySet()) {
            boolean match = e.getKey().equals("match");
            if (!match && !e.getKey().equals("not_match")) {
                reader.problem(map.keys().get(e.getKey()), "unknown key `" + e.getKey()
                        + "`, expected one of match, not_match");
                continue;
            }
            for (PolicyCase c : reader.cases(e.getValue(), CaseReader.EXAMPLE_KEYS, "`" + e.getKey() + "`")) {
                examples.add(new Example(c, match));
            }
        }
        return examples;
    }

    private static void check(PolicyEngine engine, Example example, Set<String> known, List<Problem> problems) {
        PolicyCase c = example.request();
        if (!known.contains(c.rule())) {
            problems.add(new Problem(c.file(), c.line(), c.column(), "unknown rule `" + c.rule() + "`"));
            return;
        }
        Evaluation e;
        try {
            e = engine.decide(request(c), ExampleProfile.of(c.settings()), ExampleProfile.executor(c.settings()),
                    List.of(), List.of());
        } catch (IllegalArgumentException ex) {
            problems.add(new Problem(c.file(), c.line(), c.column(), "cannot decide " + c.describe() + ": "
                    + ex.getMessage()));
            return;
        }
        boolean matched = e.matches().stream().anyMatch(m -> m.rule().equals(c.rule()) || m.raisedBy().equals(c.rule()));
        if (matched != example.match()) {
            String got = "decided " + e.decision() + " by `" + e.rule() + "`";
            problems.add(new Problem(c.file(), c.line(), c.column(), "`" + c.rule() + "` should "
                    + (example.match() ? "" : "not ") + "match " + c.describe() + " but "
                    + (matched ? "it does" : "it does not") + " (" + got + ")"));
        }
    }

    static Request request(PolicyCase c) {
        Path workspace = Path.of(ExampleProfile.WORKSPACE);
        Path cwd = c.cwd() == null ? workspace : Path.of(c.cwd());
        return new Request(c.tool(), c.command(), null, c.path(), cwd, Map.of("HOME", ExampleProfile.HOME), workspace,
                c.connection());
    }
}
