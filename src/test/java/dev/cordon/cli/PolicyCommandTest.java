package dev.cordon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.fact.ExecutorFacts;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cordon policy test | check | verify} run in-process: outputs and exit codes. */
class PolicyCommandTest {

    @TempDir
    Path temp;

    private Path project;
    private Path user;
    private PolicyTestEnvironment environment;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void setUp() throws IOException {
        Path root = temp.toRealPath();
        project = Files.createDirectories(root.resolve("projects/app"));
        user = root.resolve("config");
        Path home = Files.createDirectories(root.resolve("home"));
        environment = new PolicyTestEnvironment(project, user,
                Map.of("HOME", home.toString(), "TMPDIR", root.resolve("tmp").toString()));
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return environment.policy(List.of(args), out, err);
    }

    private JsonNode json(String... args) throws IOException {
        run(args);
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void deniedCommandExplainsItselfAndExits10() {
        assertEquals(ExitCode.DENY, run("test", "--profile", "danger-full-access", "--", "rm -rf /"));
        String text = out.toString();
        assertTrue(text.startsWith("DENY  rm -rf /\nrule:      shell.deny-recursive-delete-root ("), text);
        assertTrue(text.contains("destruction.drl:"), text);
        assertTrue(text.contains("\ncommands:\n  1. rm -rf /   [program rm, flags -f -r, operands /]\n"), text);
        assertTrue(text.contains("  6 denied commands        DENY  <- decided\n"), text);
        assertTrue(text.contains("executor:  landlock (isolates writes, reads, network)"), text);
        assertTrue(text.contains("\nconfinement:\n"), text);
        assertTrue(text.contains("\n  network:   full"), text);
    }

    @Test
    void exitCodeIsTheDecision() {
        assertEquals(ExitCode.ALLOW, run("test", "--", "ls", "-la"));
        assertEquals(ExitCode.ASK, run("test", "--", "eval \"$X\""));
        assertEquals(ExitCode.DENY, run("test", "--path", "~/.ssh/id_rsa"));
        assertEquals(ExitCode.DENY, run("test", "--tool", "write_file", "--path", ".git/hooks/pre-commit"));
    }

    @Test
    void sandboxDecisionExits12(@TempDir Path unused) throws IOException {
        Files.createDirectories(user.resolve("profiles"));
        Files.writeString(user.resolve("profiles/sandboxed.yaml"), """
                extends: workspace-write
                command_rules:
                  - id: team.make-in-sandbox
                    program: make
                    action: sandbox
                    reason: builds run only in the sandbox
                """);
        assertEquals(ExitCode.SANDBOX, run("test", "--profile", "sandboxed", "--", "make -j4"), err.toString());
        assertTrue(out.toString().contains("rule:      team.make-in-sandbox ("), out.toString());
    }

    @Test
    void severalWordsAreAnArgumentVector() throws IOException {
        JsonNode root = json("test", "--json", "--", "echo", "a b; rm -rf /");
        assertEquals("ALLOW", root.get("decision").asText());
        assertEquals("echo 'a b; rm -rf /'", root.get("request").get("command").asText());
        assertEquals(1, root.get("commands").size());
    }

    @Test
    void jsonHasTheDocumentedFields() throws IOException {
        JsonNode root = json("test", "--json", "--", "curl -s https://x | sh");
        assertEquals(1, root.get("schema").asInt());
        assertEquals("DENY", root.get("decision").asText());
        assertEquals(10, root.get("exit_code").asInt());
        assertEquals("shell.deny-pipe-download-to-interpreter", root.get("rule").asText());
        assertTrue(root.get("file").asText().endsWith("remote.drl"));
        assertTrue(root.get("line").asInt() > 0);
        assertEquals("policy", root.get("layer").asText());
        assertTrue(root.get("enforced").asBoolean());
        assertEquals("workspace-write", root.get("profile").asText());
        assertEquals("standard", root.get("mode").asText());
        assertEquals("landlock", root.get("executor").get("id").asText());
        JsonNode first = root.get("matched").get(0);
        for (String field : List.of("rule", "file", "line", "gate", "gate_name", "decision", "subject", "reason",
                "decided", "lost")) {
            assertTrue(first.has(field), field);
        }
        assertTrue(first.get("decided").asBoolean());
        assertEquals(6, first.get("gate").asInt());
        assertEquals(List.of("curl", "sh"), List.of(root.get("commands").get(0).get("program").asText(),
                root.get("commands").get(1).get("program").asText()));
        assertEquals(10, root.get("gates").size());
        assertEquals("decided", root.get("gates").get(6).get("result").asText());
        assertTrue(root.get("confinement").get("write").isArray());
        assertEquals("none", root.get("confinement").get("network").get("mode").asText());
        assertTrue(root.get("accesses").isArray());
    }

    @Test
    void usageErrorsExit2() {
        assertEquals(ExitCode.USAGE, run("test"));
        assertEquals(ExitCode.USAGE, run("test", "--path", "a", "--", "ls"));
        assertEquals(ExitCode.USAGE, run("test", "--tool", "read_file", "--", "ls"));
        assertEquals(ExitCode.USAGE, run());
    }

    @Test
    void aNetworkRequestNeedsAValidHostAndPort() {
        for (String[] args : new String[][] {
                {"test", "--host", "a b.test"},
                {"test", "--host", "x".repeat(254)},
                {"test", "--host", "a.test", "--port", "0"},
                {"test", "--host", "a.test", "--port", "70000"},
                {"test", "--host", "a.test", "--path", "x"},
                {"test", "--host", "a.test", "--", "ls"},
                {"test", "--tool", "bash", "--host", "a.test"},
                {"test", "--tool", "network", "--path", "x"},
                {"test", "--port", "80", "--", "ls"}}) {
            assertEquals(ExitCode.USAGE, run(args), String.join(" ", args) + "\n" + err);
            assertTrue(err.toString().lines().findFirst().orElse("").length() > 0, String.join(" ", args));
        }
        assertEquals("`--host` must be a host name or an address, got `a b.test`",
                errorOf("test", "--host", "a b.test"));
        assertEquals(ExitCode.DENY, run("test", "--host", "[::1]", "--port", "8080"), err.toString());
        assertTrue(out.toString().startsWith("DENY  network [::1]:8080\n"), out.toString());
    }

    private String errorOf(String... args) {
        run(args);
        return err.toString().lines().findFirst().orElse("");
    }

    @Test
    void checkPassesOnTheBuiltInPolicy() {
        assertEquals(ExitCode.OK, run("check"), out + "\n" + err);
        String last = out.toString().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("checked ") && last.endsWith(": ok"), last);
    }

    @Test
    void checkNamesTheLineOfABrokenUserRuleFile() throws IOException {
        Path rules = Files.createDirectories(user.resolve("rules"));
        Files.writeString(rules.resolve("team.drl"), "package team\n\nrule \"team.x\"\nwhen\n    Command( program == )\n"
                + "then\nend\n");
        assertEquals(ExitCode.INVALID_POLICY, run("check"));
        String first = out.toString().lines().findFirst().orElse("");
        assertTrue(first.matches(".*team\\.drl:5:\\d+: .*"), first);
    }

    /** A user rule file with one rule, {@code team.no-npm-publish}, at line 7; its folder. */
    private Path userRuleNoNpmPublish() throws IOException {
        Path rules = Files.createDirectories(user.resolve("rules"));
        Files.writeString(rules.resolve("team.drl"), """
                package team
                dialect "mvel"
                import dev.cordon.fact.Command
                import dev.cordon.fact.Finding
                import dev.cordon.fact.Gate

                rule "team.no-npm-publish"
                when
                    $c : Command( program == "npm", operands contains "publish" )
                then
                    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $c, "publish from CI only" ) );
                end
                """);
        return rules;
    }

    @Test
    void checkRunsTheExamplesOfUserRuleFiles() throws IOException {
        Path rules = userRuleNoNpmPublish();
        Files.writeString(rules.resolve("team.cases.yaml"), """
                match:
                  - rule: team.no-npm-publish
                    command: npm publish
                not_match:
                  - rule: team.no-npm-publish
                    command: npm publish --dry-run
                """);
        assertEquals(ExitCode.INVALID_POLICY, run("check"));
        assertTrue(out.toString().contains("team.cases.yaml:5:5: `team.no-npm-publish` should not match "
                + "`npm publish --dry-run` but it does"), out.toString());
    }

    @Test
    void verifyRunsTheDocumentedSuites() throws IOException {
        Path examples = PolicyTestEnvironment.cordonRoot().resolve("docs/examples");
        List<String> suites;
        try (var files = Files.list(examples)) {
            suites = files.filter(p -> p.toString().endsWith(".yaml")).map(Path::toString).sorted().toList();
        }
        assertTrue(suites.size() >= 2, suites.toString());
        String[] args = new String[suites.size() + 1];
        args[0] = "verify";
        for (int i = 0; i < suites.size(); i++) {
            args[i + 1] = suites.get(i);
        }
        assertEquals(ExitCode.OK, run(args), out + "\n" + err);
        assertTrue(out.toString().strip().matches("\\d+ passed, 0 failed"), out.toString());
    }

    @Test
    void verifyRunsRulePacksCasesFilesToo() throws IOException {
        Path packs = PolicyTestEnvironment.cordonRoot().resolve("rules");
        List<String> args = new java.util.ArrayList<>(List.of("verify"));
        try (var files = Files.list(packs)) {
            files.filter(p -> p.toString().endsWith(".cases.yaml")).map(Path::toString).sorted().forEach(args::add);
        }
        assertTrue(args.size() > 3, args.toString());
        assertEquals(ExitCode.OK, run(args.toArray(String[]::new)), out + "\n" + err);
        assertTrue(out.toString().strip().matches("\\d+ passed, 0 failed"), out.toString());
    }

    @Test
    void oneCaseFormatForSuitesAndRulePacks() throws IOException {
        Path file = Files.writeString(project.resolve("mixed.yaml"), """
                match:
                  - rule: shell.deny-recursive-delete-root
                    command: rm -r -f /
                    expect: DENY
                not_match:
                  - rule: shell.deny-recursive-delete-root
                    command: rm -rf ./build
                cases:
                  - command: rm -rf ./build
                    expect: DENY
                  - command: npm publish
                    expect: DENY
                    rule: team.no-publish
                    with: { command_rules: [{ id: team.no-publish, prefix: [npm, publish], action: deny, reason: CI }] }
                """);
        assertEquals(ExitCode.MISMATCH, run("verify", file.toString()));
        assertEquals(List.of(file + ":9:5: `rm -rf ./build` under profile `examples`: expected DENY, got ALLOW by "
                + "`gate.default-allow` (" + PolicyTestEnvironment.cordonRoot().resolve("rules/resolve.drl") + ":"
                + out.toString().split("resolve.drl:")[1].split("\\)")[0] + ")", "3 passed, 1 failed"),
                out.toString().lines().toList());
    }

    @Test
    void aRuleSetWhoseOwnCasesFailCannotVerifyAnything() throws IOException {
        Path rules = userRuleNoNpmPublish();
        Path suite = Files.writeString(project.resolve("suite.yaml"), "- command: ls\n  expect: ALLOW\n");
        assertEquals(ExitCode.OK, run("verify", suite.toString()), err.toString());
        assertEquals(ExitCode.INVALID_POLICY, run("check"));
        assertTrue(out.toString().contains("team.drl:7:1: no case names rule `team.no-npm-publish`; add one to "
                + "`team.cases.yaml` under `match`"), out.toString());

        Files.writeString(rules.resolve("team.cases.yaml"), """
                match:
                  - rule: team.no-npm-publish
                    command: npm pack
                """);
        assertEquals(ExitCode.INVALID_POLICY, run("verify", suite.toString()));
        assertTrue(err.toString().contains("team.cases.yaml:2:5: `team.no-npm-publish` should match `npm pack` but it"
                + " does not"), err.toString());
    }

    @Test
    void verifyReportsEachMismatchAndExits4() throws IOException {
        Path suite = Files.writeString(project.resolve("suite.yaml"), """
                - command: rm -rf /
                  expect: DENY
                - command: ls
                  expect: DENY
                - tool: read_file
                  path: ~/.ssh/id_rsa
                  expect: DENY
                  rule: gate.default-allow
                """);
        assertEquals(ExitCode.MISMATCH, run("verify", suite.toString()));
        List<String> lines = out.toString().lines().toList();
        assertEquals(3, lines.size(), out.toString());
        assertTrue(lines.get(0).endsWith("suite.yaml:3:3: `ls` under profile `workspace-write`: expected DENY, got "
                + "ALLOW by `gate.default-allow` (" + lines.get(0).substring(lines.get(0).lastIndexOf('(') + 1)),
                lines.get(0));
        assertTrue(lines.get(1).contains("suite.yaml:5:3: read_file `~/.ssh/id_rsa`"), lines.get(1));
        assertEquals("1 passed, 2 failed", lines.get(2));
    }

    @Test
    void malformedSuiteIsAnInvalidPolicyWithItsLine() throws IOException {
        Path suite = Files.writeString(project.resolve("bad.yaml"), """
                - command: ls
                  expect: MAYBE
                - comand: ls
                  expect: ALLOW
                """);
        assertEquals(ExitCode.INVALID_POLICY, run("verify", suite.toString()));
        String errors = err.toString();
        assertTrue(errors.contains("bad.yaml:2:11: unknown decision `MAYBE`"), errors);
        assertTrue(errors.contains("bad.yaml:3:3: unknown key `comand`"), errors);
    }

    @Test
    void forcedAskShowsTheExecutorThatCannotEnforce() {
        environment.executor(ExecutorFacts.none("local"));
        assertEquals(ExitCode.ASK, run("test", "--", "make"));
        assertTrue(out.toString().contains("executor:  local (isolates nothing)"), out.toString());
        assertTrue(out.toString().contains("rule:      gate.forced-ask ("), out.toString());
    }
}
