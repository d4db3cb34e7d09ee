package dev.cordon.verify;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.yaml.Problems;
import dev.cordon.yaml.Yaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A file of cases: a rule pack's {@code X.cases.yaml} beside {@code X.drl}, or a policy test
 * suite. Suites list their cases; rule packs group them under {@code match}, {@code not_match}
 * and {@code cases}:
 *
 * <pre>
 * - command: rm -rf /                # a suite: the decision each request must get
 *   profile: danger-full-access
 *   expect: DENY
 *   rule: shell.deny-recursive-delete-root
 *
 * match:                             # a rule pack: rules that must fire, and must not
 *   - rule: shell.deny-recursive-delete-root
 *     command: rm -r -f /
 * not_match:
 *   - rule: shell.deny-recursive-delete-root
 *     command: rm -rf ./build
 * </pre>
 *
 * @param file the file as messages name it
 * @param cases its cases
 */
public record CaseFile(String file, List<PolicyCase> cases) {

    public CaseFile {
        cases = List.copyOf(cases);
    }

    /**
     * @param layer the layer the file belongs to, for the rules and approvals its cases write
     * @throws PolicyException naming the line and column of every malformed case
     */
    public static CaseFile read(Path path, String display, Provenance.Layer layer) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PolicyException(new Problem(display, 0, 0, "cannot read cases: " + e.getMessage()));
        }
        Problems problems = new Problems(display);
        List<PolicyCase> cases = new CaseReader(display, layer, problems).read(Yaml.read(display, text));
        problems.throwIfAny();
        return new CaseFile(display, cases);
    }
}
