package dev.cordon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.UserError;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code cordon profile ...} run in-process; whole outputs and exit codes compared. */
class ProfileCommandTest {

    @TempDir
    Path temp;

    private Path root;
    private Path project;
    private Path user;
    private Map<String, String> env;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        root = temp.toRealPath();
        project = Files.createDirectories(root.resolve("projects/app"));
        user = root.resolve("config");
        Files.createDirectories(root.resolve("home"));
        env = Map.of("HOME", root.resolve("home").toString(), "TMPDIR", root.resolve("tmp").toString());
    }

    private int run(String... args) {
        PolicySources sources = new PolicySources(cordonRoot(), user, project, env, Overrides.NONE);
        CommandLine line = new CommandLine(new ProfileCommand(() -> sources));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        // The same mapping the root command line applies.
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof UserError user) {
                cmd.getErr().println("error: " + user.getMessage());
                return user.exitCode();
            }
            if (e instanceof PolicyException policy) {
                policy.problems().stream().map(Problem::render).forEach(p -> cmd.getErr().println("error: " + p));
                return ExitCode.INVALID_POLICY;
            }
            throw e;
        });
        return line.execute(args);
    }

    @Test
    void listMarksTheProfileInForce() {
        assertEquals(0, run("list"));
        assertEquals("""
                  ci                  built-in  workspace read-write, package registries only, no prompts
                  danger-full-access  built-in  no sandbox, full file system and network; the policy still refuses what it always does
                  development         built-in  workspace read-write, system read, full network
                  minimal             built-in  workspace only, read-only; no commands, no network
                  read-only           built-in  read anywhere except secrets, commands without write access, no network
                  untrusted           built-in  workspace read, temp write, no network, commands asked for
                * workspace-write     built-in  workspace and temp read-write, system read, no network (the default)
                """, out.toString());
    }

    @Test
    void useRecordsTheChoiceAndCurrentShowsWhereEachSettingComesFrom() throws IOException {
        Files.createDirectories(user);
        Files.writeString(user.resolve("config.yaml"), "trusted_projects: [" + project + "]\n");
        assertEquals(0, run("use", "ci"));
        assertEquals("profile `ci` recorded in " + project.resolve(".cordon/config.yaml") + "\n", out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("current"));
        String text = out.toString();
        Path profiles = cordonRoot().resolve("profiles").toAbsolutePath().normalize();
        assertTrue(text.startsWith("profile: ci (project .cordon/config.yaml:1:10)\nproject: " + project + " (trusted)\nworkspace: "
                + project + "\nsettings:\n  mode:                      standard (built-in " + profiles + "/ci.yaml:5:1)\n"), text);
        assertTrue(text.contains("\n  network.enabled:           true (built-in " + profiles + "/ci.yaml:27:3)\n"), text);
        assertTrue(text.contains("\n  executor:                  auto (built-in " + profiles + "/defaults.yaml:8:1)\n"), text);
    }

    @Test
    void useInAnUntrustedProjectSaysHowToTrustIt() {
        assertEquals(0, run("use", "minimal"));
        assertEquals("profile `minimal` recorded in " + project.resolve(".cordon/config.yaml") + "\n"
                + "in force: `workspace-write` (`cordon profile current` shows why)\n"
                + "help: the project is not trusted, so its profile can only tighten yours; to trust it, add `" + project
                + "` to `trusted_projects` in " + user.resolve("config.yaml") + "\n", out.toString());
        assertTrue(err.toString().startsWith(
                "warning: .cordon/config.yaml:1:10: profile `minimal` of an untrusted project only tightens `workspace-write`\n"),
                err.toString());
    }

    @Test
    void currentListsWhatAnUntrustedProjectTriedInVain() throws IOException {
        Files.createDirectories(project.resolve(".cordon"));
        Files.writeString(project.resolve(".cordon/config.yaml"), "network:\n  enabled: true\n");
        assertEquals(0, run("current"));
        assertTrue(out.toString().contains("project: " + project + " (not trusted)\n"), out.toString());
        assertTrue(out.toString().endsWith("ignored from the project:\n"
                + "  .cordon/config.yaml:2:3: ignored network.enabled = true from an untrusted project (in force: false)\n"),
                out.toString());
    }

    @Test
    void showPrintsTheResolvedProfileAsYamlThatReadsBackAsAProfile() throws IOException {
        assertEquals(0, run("show", "untrusted"));
        String yaml = out.toString();
        assertTrue(yaml.startsWith("# profile: untrusted\nmode: strict\nexecutor: auto\nfallback: none\nenforce: strict\nread_only: false\n"), yaml);
        assertTrue(yaml.contains("  write:\n  - " + root.resolve("tmp") + "\n"), yaml);
        assertFalse(yaml.contains("&"), "no YAML anchors: " + yaml);
        // What `show` prints is itself a valid profile.
        Path copy = Files.createDirectories(user.resolve("profiles")).resolve("copy.yaml");
        Files.writeString(copy, yaml);
        out.getBuffer().setLength(0);
        assertEquals(0, run("show", "copy"));
        assertEquals(yaml.replace("# profile: untrusted", "# profile: copy"), out.toString());
    }

    @Test
    void errorsMapToTheirExitCodes() throws IOException {
        assertEquals(ExitCode.USAGE, run("use", "prod"));
        assertEquals("error: unknown profile `prod`\n", err.toString());
        err.getBuffer().setLength(0);
        assertEquals(ExitCode.USAGE, run("show", "prod"));
        Files.createDirectories(user);
        Files.writeString(user.resolve("config.yaml"), "profile: ci\nmode: strikt\n");
        err.getBuffer().setLength(0);
        assertEquals(ExitCode.INVALID_POLICY, run("current"));
        assertTrue(err.toString().endsWith("config/config.yaml:2:7: expected one of off, permissive, standard, strict for `mode`, "
                + "got `strikt`\n"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(ExitCode.USAGE, run());
        assertTrue(err.toString().startsWith("Missing required subcommand") || err.toString().contains("missing subcommand"),
                err.toString());
    }

    private static Path cordonRoot() {
        String configured = System.getProperty("cordon.root");
        if (configured != null) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("profiles/defaults.yaml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the checkout's profiles/ folder");
    }
}
