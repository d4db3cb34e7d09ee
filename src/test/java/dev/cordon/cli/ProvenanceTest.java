package dev.cordon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.approval.StandingApprovals;
import dev.cordon.diagnostic.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every decision names where what decided it is written, whichever layer it comes from: checked
 * end to end through {@code cordon policy test}, its text and its JSON, for a rule of each layer.
 */
class ProvenanceTest {

    @TempDir
    Path temp;

    private Path project;
    private Path user;
    private Map<String, String> env;
    private PolicyTestEnvironment environment;
    private int lastExit;

    @BeforeEach
    void setUp() throws IOException {
        Path root = temp.toRealPath();
        project = Files.createDirectories(root.resolve("projects/app"));
        Files.createDirectories(project.resolve(".cordon"));
        user = Files.createDirectories(root.resolve("config"));
        env = new HashMap<>(Map.of("HOME", Files.createDirectories(root.resolve("home")).toString(),
                "TMPDIR", root.resolve("tmp").toString()));
        environment = new PolicyTestEnvironment(project, user, env);
    }

    /** The decision's {@code rule:} line, and the same place as the JSON gives it. */
    private record Decided(int exitCode, String ruleLine, String layer, String file, int line, int column, String text) {
    }

    private Decided decide(String... args) throws IOException {
        String text = policyTest(args);
        int code = lastExit;
        String[] json = new String[args.length + 1];
        json[0] = "--json";
        System.arraycopy(args, 0, json, 1, args.length);
        JsonNode root = new ObjectMapper().readTree(policyTest(json));
        assertEquals(code, lastExit);
        JsonNode source = root.get("source");
        assertEquals(source.get("file").asText(), root.get("file").asText());
        assertEquals(source.get("line").asInt(), root.get("line").asInt());
        JsonNode decided = root.get("matched").get(0);
        assertEquals(source, decided.get("source"), "the deciding match is where the decision says");
        String ruleLine = text.lines().filter(l -> l.startsWith("rule:")).findFirst().orElseThrow();
        return new Decided(code, ruleLine, source.get("layer").asText(), source.get("file").asText(),
                source.get("line").asInt(), source.get("column").asInt(), text);
    }

    private String policyTest(String... args) {
        StringWriter buffer = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(new PolicyCommand(() -> environment));
        line.setOut(new PrintWriter(buffer, true));
        line.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "test";
        System.arraycopy(args, 0, all, 1, args.length);
        lastExit = line.execute(all);
        assertEquals("", err.toString());
        return buffer.toString();
    }

    /** The 1-based line of the first line of {@code file} that contains {@code text}. */
    private static int lineOf(Path file, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no `" + text + "` in " + file);
    }

    @Test
    void aBuiltInRuleIsNamedAtItsRuleKeyword() throws IOException {
        Decided d = decide("--profile", "danger-full-access", "--", "rm -r -f /");
        Path drl = PolicyTestEnvironment.cordonRoot().resolve("rules/destruction.drl");
        int line = lineOf(drl, "rule \"shell.deny-recursive-delete-root\"");
        assertEquals(ExitCode.DENY, d.exitCode());
        assertEquals(List.of("builtin", line, 1), List.of(d.layer(), d.line(), d.column()));
        assertTrue(d.file().endsWith("rules/destruction.drl"), d.file());
        assertEquals("rule:      shell.deny-recursive-delete-root (built-in " + d.file() + ":" + line + ":1)", d.ruleLine());
    }

    @Test
    void aBuiltInProfileRuleIsNamedInItsProfileFile() throws IOException {
        Decided d = decide("--profile", "read-only", "--tool", "write_file", "--path", "src/main.c");
        Path file = PolicyTestEnvironment.cordonRoot().resolve("profiles/read-only.yaml").normalize();
        int line = lineOf(file, "read-only.no-file-writes");
        assertEquals(List.of("builtin", file.toString(), line, 5), List.of(d.layer(), d.file(), d.line(), d.column()));
        assertEquals("rule:      read-only.no-file-writes (built-in " + file + ":" + line + ":5)", d.ruleLine());
    }

    @Test
    void eachRuleOfAUserProfileIsNamedAtItsOwnLine() throws IOException {
        Path team = Files.createDirectories(user.resolve("profiles")).resolve("team.yaml");
        Files.writeString(team, """
                extends: development
                command_rules:
                  - id: team.no-publish
                    prefix: [npm, publish]
                    action: deny
                    reason: CI publishes
                  - {id: team.no-force-push, program: git, args: [push, --force], action: deny, reason: no}
                """);
        Decided first = decide("--profile", "team", "--", "npm publish");
        assertEquals(List.of("user", team.toString(), 3, 5), List.of(first.layer(), first.file(), first.line(), first.column()));
        assertEquals("rule:      team.no-publish (user " + team + ":3:5)", first.ruleLine());
        Decided second = decide("--profile", "team", "--", "git push --force origin");
        assertEquals(List.of("user", team.toString(), 7, 5), List.of(second.layer(), second.file(), second.line(),
                second.column()));
    }

    @Test
    void anInheritedRuleIsNamedInTheFileOfTheLayerThatWroteIt() throws IOException {
        Path team = Files.createDirectories(user.resolve("profiles")).resolve("team.yaml");
        Files.writeString(team, """
                extends: development
                command_rules:
                  - {id: team.no-publish, prefix: [npm, publish], action: deny, reason: CI publishes}
                """);
        Files.writeString(user.resolve("config.yaml"), "trusted_projects: [" + project + "]\n");
        Path app = Files.createDirectories(project.resolve(".cordon/profiles")).resolve("app.yaml");
        Files.writeString(app, """
                extends: team
                # the project adds its own
                command_rules:
                  - {id: app.no-deploy, prefix: [make, deploy], action: ask, reason: deploys need a human}
                """);
        Files.writeString(project.resolve(".cordon/config.yaml"), "profile: app\n");

        Decided inherited = decide("--", "npm publish");
        assertEquals(List.of("user", team.toString(), 3, 5), List.of(inherited.layer(), inherited.file(),
                inherited.line(), inherited.column()));
        Decided own = decide("--", "make deploy");
        assertEquals(List.of("project", ".cordon/profiles/app.yaml", 4, 5), List.of(own.layer(), own.file(), own.line(),
                own.column()));
        assertTrue(own.text().contains("\nprofile:   app (project .cordon/config.yaml:1:10)\n"), own.text());
    }

    @Test
    void rulesInConfigFilesAreNamedThere() throws IOException {
        Files.writeString(user.resolve("config.yaml"), """
                command_rules:
                  - {id: me.no-terraform, program: terraform, action: deny, reason: not here}
                """);
        Decided fromUser = decide("--", "terraform apply");
        assertEquals(List.of("user", user.resolve("config.yaml").toString(), 2, 5),
                List.of(fromUser.layer(), fromUser.file(), fromUser.line(), fromUser.column()));

        // An untrusted project may add deny rules, and they are its own.
        Files.writeString(project.resolve(".cordon/config.yaml"), """
                path_rules:
                  - id: app.no-vendor
                    pattern: ${WORKSPACE}/vendor/**
                    action: deny
                    reason: vendored code is read-only
                """);
        Decided fromProject = decide("--tool", "write_file", "--path", "vendor/x.js");
        assertEquals(List.of("project", ".cordon/config.yaml", 2, 5),
                List.of(fromProject.layer(), fromProject.file(), fromProject.line(), fromProject.column()));
        assertEquals("rule:      app.no-vendor (project .cordon/config.yaml:2:5)", fromProject.ruleLine());
    }

    @Test
    void aListEntryThatDecidedIsNamedWhereItIsWritten() throws IOException {
        Files.writeString(user.resolve("config.yaml"), """
                denied_paths:
                  - "**/*.sqlite"
                """);
        Files.writeString(project.resolve(".cordon/config.yaml"), """
                # the team's own
                denied_commands: ["git push --force"]
                """);
        Decided path = decide("--path", "data/users.sqlite");
        assertEquals("path.deny-profile", new ObjectMapper().readTree(policyTest("--json", "--path", "data/users.sqlite"))
                .get("rule").asText());
        assertTrue(path.text().contains("\nentry:     denied_paths `**/*.sqlite` (user " + user.resolve("config.yaml")
                + ":2:5)\n"), path.text());
        JsonNode entry = new ObjectMapper().readTree(policyTest("--json", "--path", "data/users.sqlite")).get("entry");
        assertEquals(List.of("denied_paths", "**/*.sqlite", "user", 2, 5), List.of(entry.get("setting").asText(),
                entry.get("value").asText(), entry.get("source").get("layer").asText(),
                entry.get("source").get("line").asInt(), entry.get("source").get("column").asInt()));

        Decided command = decide("--", "git push --force origin main");
        assertTrue(command.text().contains("\nentry:     denied_commands `git push --force` (project .cordon/config.yaml:2:19)\n"),
                command.text());

        Path defaults = PolicyTestEnvironment.cordonRoot().resolve("profiles/defaults.yaml");
        Decided builtIn = decide("--", "curl http://169.254.169.254/latest/meta-data/");
        int line = lineOf(defaults, "169.254.169.254");
        int column = Files.readAllLines(defaults).get(line - 1).indexOf("169.254.169.254") + 1;
        assertTrue(builtIn.text().contains("\nentry:     network.deny `169.254.169.254` (built-in " + defaults.normalize() + ":"
                + line + ":" + column + ")\n"), builtIn.text());
    }

    @Test
    void aUserRuleFileIsTheUserLayer() throws IOException {
        Path drl = Files.createDirectories(user.resolve("rules")).resolve("team.drl");
        Files.writeString(drl, """
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
        Decided d = decide("--", "npm publish");
        assertEquals(List.of("user", 7, 3), List.of(d.layer(), d.line(), d.column()));
        assertTrue(d.file().endsWith("config/rules/team.drl"), d.file());
    }

    @Test
    void theProfileAndModeChosenByFlagsAndEnvironmentSayWhere() throws IOException {
        env.put("CORDON_MODE", "strict");
        environment = new PolicyTestEnvironment(project, user, env);
        Decided d = decide("--profile", "development", "--", "ls");
        assertTrue(d.text().contains("\nprofile:   development (flags --profile)\nmode:      strict (environment CORDON_MODE)\n"),
                d.text());
        JsonNode origins = new ObjectMapper().readTree(policyTest("--json", "--profile", "development", "--", "ls"))
                .get("origins");
        assertEquals("flags", origins.get("profile").get("layer").asText());
        assertEquals("--profile", origins.get("profile").get("file").asText());
        assertEquals("environment", origins.get("mode").get("layer").asText());
        assertEquals("CORDON_MODE", origins.get("mode").get("file").asText());

        env.put("CORDON_PROFILE", "ci");
        env.remove("CORDON_MODE");
        environment = new PolicyTestEnvironment(project, user, env);
        Decided byEnv = decide("--", "ls");
        assertTrue(byEnv.text().contains("\nprofile:   ci (environment CORDON_PROFILE)\nmode:      standard (built-in "
                + PolicyTestEnvironment.cordonRoot().resolve("profiles/ci.yaml").normalize() + ":"), byEnv.text());
    }

    @Test
    void aStandingApprovalIsNamedAtItsEntry() throws IOException {
        Path file = StandingApprovals.inConfigDir(user);
        Files.writeString(file, """
                # reviewed
                - id: approved.bash.make
                  tool: bash
                  prefix: [make]
                  added: 2025-01-31T12:00:00Z
                """);
        environment.approvals(StandingApprovals.load(file).toArray(dev.cordon.approval.StandingApproval[]::new));
        Decided d = decide("--profile", "untrusted", "--", "make test");
        assertEquals(ExitCode.ALLOW, d.exitCode(), d.text());
        assertEquals(List.of("approval", file.toString(), 2, 3), List.of(d.layer(), d.file(), d.line(), d.column()));
        assertEquals("rule:      approved.bash.make (approval " + file + ":2:3)", d.ruleLine());
        assertTrue(d.text().contains("\nlayer:     approval\n"), d.text());
    }
}
