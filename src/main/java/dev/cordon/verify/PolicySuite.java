package dev.cordon.verify;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A policy test suite: a YAML list of requests with the decision each must get, e.g.
 *
 * <pre>
 * - command: rm -rf /
 *   expect: DENY
 *   rule: shell.deny-recursive-delete-root
 * - tool: read_file
 *   path: ~/.ssh/id_rsa
 *   profile: ci
 *   expect: DENY
 * </pre>
 *
 * @param file the suite file as messages name it
 * @param cases its cases
 */
public record PolicySuite(String file, List<PolicyCase> cases) {

    public PolicySuite {
        cases = List.copyOf(cases);
    }

    /**
     * @throws PolicyException naming the line of every malformed case
     */
    public static PolicySuite read(Path path, String display) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PolicyException(new Problem(display, 0, 0, "cannot read suite: " + e.getMessage()));
        }
        List<Problem> problems = new ArrayList<>();
        Yaml.Value root = Yaml.read(display, text);
        List<PolicyCase> cases = new CaseReader(display, problems).cases(root, CaseReader.SUITE_KEYS, "a suite");
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
        return new PolicySuite(display, cases);
    }
}
