package dev.cordon.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.diagnostic.PolicyException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad profile is refused with its file, line, column and what was expected. */
class ProfileErrorsTest {

    @TempDir
    Path temp;

    private Fixture fixture;

    @BeforeEach
    void setUp() {
        fixture = Fixture.withOwnBuiltins(temp);
    }

    private String error(String name, String text) {
        fixture.write(fixture.builtin.resolve("profiles/" + name + ".yaml"), text);
        PolicyException e = assertThrows(PolicyException.class, () -> new ProfileResolver().load(name, fixture.sources()));
        return inDistribution(e.getMessage());
    }

    /** A message naming built-in files (by their whole path) as relative to the fixture's distribution. */
    private String inDistribution(String message) {
        return message.replace(fixture.builtin + "/", "");
    }

    @Test
    void unknownKeyInASection() {
        assertEquals("profiles/ci.yaml:3:3: unknown key `netwrk` in `network`, expected one of enabled, allow, deny",
                error("ci", "network:\n  enabled: true\n  netwrk: []\n"));
    }

    @Test
    void unknownTopLevelKey() {
        assertEquals("profiles/p.yaml:2:1: unknown key `sandbox`, expected one of extends, description, mode, executor, "
                        + "fallback, enforce, read_only, approval, allowed_paths, denied_paths, path_rules, command_rules, "
                        + "denied_commands, filesystem, network, resources, environment, on_violation, audit, escalation, hooks",
                error("p", "mode: strict\nsandbox: true\n"));
    }

    @Test
    void wrongTypesAndBadValues() {
        assertEquals("profiles/p.yaml:1:7: expected one of off, permissive, standard, strict for `mode`, got `strikt`",
                error("p", "mode: strikt\n"));
        assertEquals("profiles/p.yaml:2:12: expected true or false for `network.enabled`, got `yes`",
                error("p", "network:\n  enabled: yes\n"));
        assertEquals("profiles/p.yaml:1:16: expected a list for `allowed_paths`, got `/proj/**`",
                error("p", "allowed_paths: /proj/**\n"));
        assertEquals("profiles/p.yaml:2:14: expected a whole number from 0 to 999999999 for `resources.memory_mb`, got `-5`",
                error("p", "resources:\n  memory_mb: -5\n"));
        assertEquals("profiles/p.yaml:1:11: expected `auto` or an executor id such as `landlock` for `executor`, got `Bad Name`",
                error("p", "executor: Bad Name\n"));
        assertEquals("profiles/p.yaml:1:11: expected a mapping for `approval`, got `true`",
                error("p", "approval: true\n"));
        assertEquals("profiles/p.yaml:1:6: expected one of off, permissive, standard, strict for `mode`, got nothing",
                error("p", "mode: \n"));
        assertEquals("profiles/p.yaml:2:11: expected `host:port` (host a name, `*.domain`, `*`, an address, `[ipv6]` or a cidr block such as `10.0.0.0/8`) "
                        + "in `network.allow`, got `https://x`",
                error("p", "network:\n  allow: [\"https://x\"]\n"));
        assertEquals("profiles/p.yaml:2:11: expected a port, as in `pypi.org:443` or `pypi.org:*` in `network.allow`, got `pypi.org`",
                error("p", "network:\n  allow: [pypi.org]\n"));
        assertEquals("profiles/p.yaml:2:11: expected a path without wildcards for `filesystem.write`, got `/var/*`",
                error("p", "filesystem:\n  write: [/var/*]\n"));
        assertEquals("profiles/p.yaml:2:10: expected an absolute path for `filesystem.read` (`/`, `~/` or `${WORKSPACE}`), got `src`",
                error("p", "filesystem:\n  read: [src]\n"));
        assertEquals("profiles/p.yaml:2:10: expected a variable name (a trailing `*` matches a prefix) in `environment.pass`, got `A-B`",
                error("p", "environment:\n  pass: [A-B]\n"));
    }

    @Test
    void everyProblemInAFileIsReportedAtOnce() {
        assertEquals("profiles/p.yaml:1:7: expected one of off, permissive, standard, strict for `mode`, got `x`\n"
                        + "profiles/p.yaml:2:12: expected true or false for `read_only`, got `1`",
                error("p", "mode: x\nread_only: 1\n"));
    }

    @Test
    void duplicateKeys() {
        assertEquals("profiles/p.yaml:2:1: duplicate key `mode`", error("p", "mode: strict\nmode: off\n"));
    }

    @Test
    void malformedYaml() {
        assertEquals("profiles/p.yaml:2:7: malformed yaml: mapping values are not allowed here",
                error("p", "mode: strict\nnet: x: y\n"));
        assertEquals("profiles/p.yaml:1:1: expected a mapping for a profile, got a list", error("p", "- mode\n"));
        assertEquals("profiles/p.yaml: empty profile, expected a mapping of settings", error("p", "# nothing\n"));
    }

    @Test
    void patternsThatCannotMatchOrCompile() {
        assertEquals("profiles/p.yaml:1:16: pattern `*.pem` in `denied_paths` never matches an absolute path; "
                        + "start it with `/`, `~/`, `${WORKSPACE}/` or `**/`",
                error("p", "denied_paths: [\"*.pem\"]\n"));
        assertEquals("profiles/p.yaml:2:8: invalid glob `/a/[b`: unclosed `[` at offset 3 in `denied_paths`",
                error("p", "denied_paths:\n  - /a/[b\n"));
        assertEquals("profiles/p.yaml:2:5: unknown variable `${WORKSPCE}`, expected one of WORKSPACE, HOME, TMPDIR, CWD",
                error("p", "allowed_paths:\n  - ${WORKSPCE}/**\n"));
    }

    @Test
    void badRules() {
        assertEquals("profiles/p.yaml:2:5: expected exactly one of program, prefix, substring, glob, regex in a command rule, "
                        + "got program, substring",
                error("p", "command_rules:\n  - {id: a, program: rm, substring: rm, action: deny, reason: r}\n"));
        assertEquals("profiles/p.yaml:2:5: missing `action`, `reason` in a path rule",
                error("p", "path_rules:\n  - {id: a, pattern: /x}\n"));
        assertEquals("profiles/p.yaml:2:20: invalid regex `rm (-rf`: unclosed group at offset 7",
                error("p", "command_rules:\n  - {id: a, regex: \"rm (-rf\", action: deny, reason: r}\n"));
        assertEquals("profiles/p.yaml:2:34: expected one of allow, ask, deny for `action`, got `sandbox`",
                error("p", "path_rules:\n  - {id: a, pattern: /x, action: sandbox, reason: r}\n"));
        assertEquals("profiles/p.yaml:3:10: duplicate rule id `a`",
                error("p", "command_rules:\n  - {id: a, prefix: [rm], action: deny, reason: r}\n"
                        + "  - {id: a, prefix: [dd], action: deny, reason: r}\n"));
        assertEquals("profiles/p.yaml:2:27: unknown key `when` in a command rule, expected one of id, program, args, prefix, "
                        + "substring, glob, regex, action, reason",
                error("p", "command_rules:\n  - {id: a, prefix: [rm], when: x, action: deny, reason: r}\n"));
        assertEquals("profiles/p.yaml:2:27: `args` needs `program` in a command rule",
                error("p", "command_rules:\n  - {id: a, prefix: [rm], args: [-r], action: deny, reason: r}\n"));
    }

    @Test
    void extendsCyclesAndUnknownParents() {
        fixture.write(fixture.builtin.resolve("profiles/a.yaml"), "extends: b\n");
        fixture.write(fixture.builtin.resolve("profiles/b.yaml"), "extends: c\n");
        assertEquals("profiles/b.yaml:1:10: `extends` cycle: c -> a -> b -> c",
                error("c", "extends: a\n"));
        assertEquals("profiles/d.yaml:1:10: unknown profile `nope` in `extends`, expected one of a, b, c, d",
                error("d", "extends: nope\n"));
        assertEquals("profiles/e.yaml:1:10: `defaults` is under every profile already; remove `extends`",
                error("e", "extends: defaults\n"));
        assertEquals("profiles/f.yaml:1:10: `f` extends its own name, but no lower layer has a profile `f`", error("f", "extends: f\n"));
    }

    @Test
    void aMalformedProfileFailsTheWholeResolutionInsteadOfFallingBack() {
        fixture.write(fixture.builtin.resolve("profiles/workspace-write.yaml"), "mode: strikt\n");
        PolicyException e = assertThrows(PolicyException.class, () -> fixture.resolve());
        assertEquals("profiles/workspace-write.yaml:1:7: expected one of off, permissive, standard, strict for `mode`, got `strikt`",
                inDistribution(e.getMessage()));
    }

    @Test
    void configFilesAreCheckedToo() {
        fixture.write(fixture.builtin.resolve("profiles/workspace-write.yaml"), "# default\nmode: standard\n");
        fixture.projectConfig("profile: workspace-write\ntrusted_projects: [/]\n");
        assertEquals(".cordon/config.yaml:2:1: `trusted_projects` is only read from the user config, not from a project",
                assertThrows(PolicyException.class, () -> fixture.resolve()).getMessage());
        fixture.projectConfig("profile: nope\n");
        assertEquals(".cordon/config.yaml:1:10: unknown profile `nope`, expected one of workspace-write",
                assertThrows(PolicyException.class, () -> fixture.resolve()).getMessage());
        fixture.projectConfig("extends: workspace-write\n");
        assertEquals(".cordon/config.yaml:1:1: `extends` belongs in a profile file; a config selects one with `profile`",
                assertThrows(PolicyException.class, () -> fixture.resolve()).getMessage());
    }
}
