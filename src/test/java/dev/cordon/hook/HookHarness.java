package dev.cordon.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.fact.ExecutorFacts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs hook events through {@link HookRun} against the checkout's rules and profiles, for a user
 * whose home, config and project live in a temp folder. The user config adds two command rules,
 * so every decision can be reached: {@code make} must run sandboxed, {@code deploy} needs a human.
 * Fixtures under {@code hooks/AGENT/} may use {@code ${HOME}} and {@code ${WORKSPACE}}.
 */
final class HookHarness {

    static final ObjectMapper JSON = new ObjectMapper();

    final Path home;
    final Path workspace;
    final Path config;
    private final Map<String, String> env = new HashMap<>();

    HookHarness(Path temp) throws IOException {
        home = Files.createDirectories(temp.resolve("home"));
        workspace = Files.createDirectories(temp.resolve("project"));
        config = Files.createDirectories(home.resolve(".config/cordon"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), "not a key\n");
        Files.createDirectories(workspace.resolve("src"));
        Files.writeString(workspace.resolve("src/app.js"), "var a = 1;\n");
        Files.createSymbolicLink(workspace.resolve("keys"), home.resolve(".ssh"));
        Path tmp = Files.createDirectories(temp.resolve("tmp"));
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
        env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        env.put("PATH", "/usr/bin:/bin");
        userConfig("");
    }

    /** The user config: the two command rules, then these lines. */
    HookHarness userConfig(String more) throws IOException {
        Files.writeString(config.resolve("config.yaml"), """
                command_rules:
                  - id: test.make-sandboxed
                    program: make
                    action: sandbox
                    reason: builds run only in a sandbox
                  - id: test.deploy-asks
                    program: deploy
                    action: ask
                    reason: a human approves deployments
                """ + more);
        return this;
    }

    HookHarness env(String name, String value) {
        env.put(name, value);
        return this;
    }

    static Path cordonRoot() {
        return Path.of(System.getProperty("cordon.root", ".")).toAbsolutePath().normalize();
    }

    HookAnswer run(String agent, String fixture) {
        return answer(agent, fixture(agent, fixture).getBytes(StandardCharsets.UTF_8));
    }

    HookAnswer answer(String agent, byte[] event) {
        HookPolicy policy = new LivePolicy(cordonRoot(), (resolution, env) -> new ExecutorFacts("landlock", true, true, true));
        return new HookRun(policy).answer(Adapters.of(agent), event, env);
    }

    String fixture(String agent, String name) {
        try (InputStream in = HookHarness.class.getResourceAsStream("/hooks/" + agent + "/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture hooks/" + agent + "/" + name);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.replace("${HOME}", home.toString()).replace("${WORKSPACE}", workspace.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The answer's standard output as JSON. */
    static JsonNode out(HookAnswer answer) {
        try {
            return JSON.readTree(answer.stdout());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + answer, e);
        }
    }

    /** What the agent shell would run in {@code dir} for a confined command. */
    static String confined(String command, Path workspace) {
        return cordonRoot().resolve("bin/cordon") + " run --profile workspace-write --workspace " + workspace
                + " -- " + dev.cordon.engine.ShellQuoting.quote(command);
    }
}
