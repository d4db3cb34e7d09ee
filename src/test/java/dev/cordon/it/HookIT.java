package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hook events written from each agent's documented schema, piped into the real launcher
 * ({@code bin/cordon hook AGENT}) as the agent would: answered by the per-user server the first
 * call starts, over its Unix socket. Every test runs in a home and runtime folder of its own and
 * stops the server it started.
 */
class HookIT {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    Cordon cordon;
    Path workspace;
    Path runtime;

    @BeforeEach
    void setUp() throws IOException {
        cordon = new Cordon(temp.resolve("home"));
        runtime = temp.resolve("run");
        Files.createDirectories(runtime);
        cordon.env("XDG_RUNTIME_DIR", runtime.toString());
        cordon.env("TMPDIR", Files.createDirectories(temp.resolve("tmp")).toString());
        workspace = Files.createDirectories(temp.resolve("project"));
        Files.createDirectories(workspace.resolve("src"));
        Files.writeString(workspace.resolve("src/app.js"), "var a = 1;\n");
        Path config = Files.createDirectories(cordon.home().resolve(".config/cordon"));
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
                """);
    }

    @AfterEach
    void stopTheServer() throws Exception {
        Cordon.Result stopped = cordon.run(workspace, "serve", "--stop");
        assertEquals(0, stopped.code(), stopped::toString);
        assertFalse(serverPid() > 0 && ProcessHandle.of(serverPid()).map(ProcessHandle::isAlive).orElse(false),
                "the server is gone");
    }

    /** A fixture of the unit tests, with this test's home and project. */
    byte[] event(String agent, String fixture) throws IOException {
        try (InputStream in = HookIT.class.getResourceAsStream("/hooks/" + agent + "/" + fixture)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.replace("${HOME}", cordon.home().toString()).replace("${WORKSPACE}", workspace.toString())
                    .getBytes(StandardCharsets.UTF_8);
        }
    }

    Cordon.Result hook(String agent, byte[] event) throws Exception {
        return cordon.run(workspace, event, "hook", agent);
    }

    long serverPid() {
        try {
            return Long.parseLong(Files.readString(runtime.resolve("cordon/serve.pid")).strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** The decision an answer carries, or what it is instead (silence, a refusal). */
    static String decision(Cordon.Result result) throws IOException {
        if (result.out().isEmpty()) {
            return result.code() == 0 ? "silent" : "exit " + result.code() + ": " + result.err().strip();
        }
        JsonNode out = JSON.readTree(result.out());
        return out.has("decision") ? out.get("decision").asText()
                : out.path("hookSpecificOutput").path("permissionDecision").asText("no decision in " + out);
    }

    @Test
    void everyAgentsEventsAreAnsweredByTheServerTheFirstCallStarted() throws Exception {
        Cordon.Result first = hook("claude-code", event("claude-code", "bash-pipe-to-shell.json"));
        assertEquals(0, first.code(), first::toString);
        assertEquals("deny", decision(first));
        assertTrue(first.out().contains("[shell.deny-pipe-download-to-interpreter, "), first::toString);
        assertEquals("", first.err());
        long server = serverPid();
        assertTrue(server > 0 && Files.exists(runtime.resolve("cordon/hook.sock")), "a server runs");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(runtime.resolve("cordon"))));

        Cordon.Result allowed = hook("claude-code", event("claude-code", "bash-ls.json"));
        assertEquals(new Cordon.Result(0, "", ""), allowed, "an ALLOW stays silent");
        assertEquals("deny", decision(hook("claude-code", event("claude-code", "read-ssh-key.json"))));
        assertEquals("deny", decision(hook("claude-code", event("claude-code", "read-symlink.json"))));
        Cordon.Result confined = hook("claude-code", event("claude-code", "bash-make.json"));
        JsonNode updated = JSON.readTree(confined.out()).get("hookSpecificOutput").get("updatedInput");
        assertTrue(updated.get("command").asText().startsWith(Cordon.dist().toRealPath() + "/bin/cordon run --profile "),
                confined::toString);
        assertEquals("ask", decision(hook("claude-code", event("claude-code", "mcp.json"))));

        Cordon.Result patch = hook("codex", event("codex", "apply-patch-escape.json"));
        assertEquals("deny", decision(patch));
        assertTrue(patch.out().contains("path.outside-allowed"), patch::toString);
        assertTrue(hook("codex", event("codex", "bash-deploy.json")).out().contains("which Codex hooks cannot ask for"));
        assertEquals(new Cordon.Result(0, "", ""), hook("codex", event("codex", "apply-patch-workspace.json")));

        Cordon.Result rewritten = hook("gemini-cli", event("gemini-cli", "shell-make.json"));
        assertEquals("ask", decision(rewritten));
        assertTrue(JSON.readTree(rewritten.out()).get("hookSpecificOutput").get("tool_input").get("command").asText()
                .contains(" run --profile workspace-write --workspace "), rewritten::toString);
        assertEquals("deny", decision(hook("gemini-cli", event("gemini-cli", "read-file-ssh.json"))));
        assertEquals("deny", decision(hook("gemini-cli", event("gemini-cli", "web-fetch.json"))));

        Cordon.Result json = hook("json", event("json", "bash-pipe-to-shell.json"));
        assertEquals(10, json.code(), json::toString);
        assertEquals("DENY", JSON.readTree(json.out()).get("decision").asText());

        assertEquals(server, serverPid(), "one server answered them all");
    }

    @Test
    void badInputIsRefusedThroughTheLauncherToo() throws Exception {
        Cordon.Result empty = hook("claude-code", new byte[0]);
        assertEquals(new Cordon.Result(2, "", "cordon: refused: no event on standard input\n"), empty);
        byte[] invalid = event("gemini-cli", "shell-ls.json");
        invalid[invalid.length / 2] = (byte) 0xFF;
        assertEquals(new Cordon.Result(2, "", "cordon: refused: the event is not valid UTF-8\n"), hook("gemini-cli", invalid));
        Cordon.Result nul = hook("codex", "{\"a\":\0}".getBytes(StandardCharsets.UTF_8));
        assertEquals(new Cordon.Result(2, "", "cordon: refused: the event contains a NUL byte\n"), nul);
        String big = "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"" + workspace
                + "\",\"tool_input\":{\"command\":\"echo " + "a".repeat(1 << 20) + " > /etc/motd\"}}";
        Cordon.Result megabyte = hook("claude-code", big.getBytes(StandardCharsets.UTF_8));
        assertEquals("deny", decision(megabyte), megabyte::toString);
    }

    @Test
    void stdinThatNeverClosesIsRefusedAfterTheWait() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Cordon.dist().resolve("bin/cordon").toString(), "hook", "claude-code")
                .directory(workspace.toFile());
        builder.environment().clear();
        builder.environment().putAll(cordon.environment());
        builder.environment().put("CORDON_HOOK_STDIN_SECONDS", "1");
        Process hook = builder.start();
        hook.getOutputStream().write("{\"hook_event_name\":".getBytes(StandardCharsets.UTF_8));
        hook.getOutputStream().flush();
        assertTrue(hook.waitFor(30, TimeUnit.SECONDS), "the hook gives up waiting");
        assertEquals(2, hook.exitValue());
        assertEquals("", new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals("cordon: refused: standard input did not end within 1 s\n",
                new String(hook.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        hook.getOutputStream().close();
    }

    @Test
    void aRuleOrProfileChangedOnDiskDecidesTheNextCallOfTheSameServer() throws Exception {
        byte[] ls = event("claude-code", "bash-ls.json");
        assertEquals(new Cordon.Result(0, "", ""), hook("claude-code", ls));
        long server = serverPid();
        Path rules = Files.createDirectories(cordon.home().resolve(".config/cordon/rules"));
        Files.writeString(rules.resolve("team.drl"), """
                package team
                dialect "mvel"
                import dev.cordon.fact.Command
                import dev.cordon.fact.Finding
                import dev.cordon.fact.Gate
                import dev.cordon.fact.Call
                rule "team.no-ls"
                when
                    $call : Call( )
                    $c : Command( program == "ls" )
                then
                    insert( Finding.deny( kcontext, Gate.DENIED_COMMANDS, $call, "refused: the team lists with `tree`" ) );
                end
                """);
        Cordon.Result changed = hook("claude-code", ls);
        assertEquals("deny", decision(changed), changed::toString);
        assertTrue(changed.out().contains("[team.no-ls, " + rules.resolve("team.drl") + ":"), changed::toString);
        Files.delete(rules.resolve("team.drl"));
        Files.writeString(cordon.home().resolve(".config/cordon/config.yaml"), "hooks:\n  allow: allow\n", 
                java.nio.file.StandardOpenOption.APPEND);
        assertEquals("allow", decision(hook("claude-code", ls)));
        assertEquals(server, serverPid(), "the same server, reading the files anew");
    }

    @Test
    void killingTheServerMidCallRefusesThatCallAndTheNextCallStartsANewOne() throws Exception {
        cordon.env("PATH", path("socat").toString());
        killMidCallRefusesThatCallAndTheNextStartsANewServer();
    }

    private void killMidCallRefusesThatCallAndTheNextStartsANewServer() throws Exception {
        byte[] ls = event("claude-code", "bash-ls.json");
        assertEquals(0, hook("claude-code", ls).code());
        long first = serverPid();
        // A team rule that takes half a minute over `slowcmd` keeps that call inside the server.
        Path rules = Files.createDirectories(cordon.home().resolve(".config/cordon/rules"));
        Files.writeString(rules.resolve("slow.drl"), """
                package slow
                import dev.cordon.fact.Command
                rule "slow.thinks-long"
                when
                    Command( program == "slowcmd" )
                then
                    try { Thread.sleep(30000); } catch (InterruptedException e) { }
                end
                """);
        byte[] slow = new String(ls, StandardCharsets.UTF_8).replace("ls -la src", "slowcmd")
                .getBytes(StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder(Cordon.dist().resolve("bin/cordon").toString(), "hook", "claude-code")
                .directory(workspace.toFile()).redirectInput(Files.write(temp.resolve("slow.json"), slow).toFile());
        builder.environment().clear();
        builder.environment().putAll(cordon.environment());
        Process call = builder.start();
        Thread.sleep(3000);
        assertTrue(call.isAlive(), "the call is still being decided");
        ProcessHandle server = ProcessHandle.of(first).orElseThrow();
        server.destroyForcibly();
        assertTrue(call.waitFor(60, TimeUnit.SECONDS));
        server.onExit().get(60, TimeUnit.SECONDS);
        String err = new String(call.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, call.exitValue(), err);
        assertEquals("", new String(call.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals("cordon: refused: the decision service stopped while deciding\n", err);

        Files.delete(rules.resolve("slow.drl"));
        Cordon.Result next = hook("claude-code", event("claude-code", "read-ssh-key.json"));
        assertEquals("deny", decision(next), next::toString);
        assertTrue(serverPid() > 0 && serverPid() != first, "a new server");
    }

    @Test
    void aServerOfAnotherBuildStopsAndTheCallerStartsOneOfItsOwn() throws Exception {
        byte[] ls = event("claude-code", "bash-ls.json");
        assertEquals(0, hook("claude-code", ls).code());
        long old = serverPid();
        // Another build: the same jars, another stamp and place.
        Path other = temp.resolve("other-build");
        Path dist = Cordon.dist().toRealPath();
        Files.createDirectories(other.resolve("bin"));
        Files.createDirectories(other.resolve("lib"));
        Files.copy(dist.resolve("bin/cordon"), other.resolve("bin/cordon"));
        for (String dir : List.of("rules", "profiles", "plugins", "distros")) {
            copyTree(dist.resolve(dir), other.resolve(dir));
        }
        try (var jars = Files.list(dist.resolve("lib"))) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                Files.createSymbolicLink(other.resolve("lib").resolve(jar.getFileName()), jar);
            }
        }
        Files.writeString(other.resolve("lib/version"), "0.0.0-other built elsewhere\n");
        Cordon.Result answered = cordon.run(other, workspace, event("claude-code", "read-ssh-key.json"), "hook",
                "claude-code");
        assertEquals("deny", decision(answered), answered::toString);
        assertNotEquals(old, serverPid(), "the old server stopped, one of the other build answers");
        // It stops on a thread of its own after answering the caller: its exit may trail the new answer.
        Optional<ProcessHandle> oldServer = ProcessHandle.of(old);
        if (oldServer.isPresent()) {
            oldServer.get().onExit().get(30, TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(old).map(ProcessHandle::isAlive).orElse(false));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
            }
        }
    }

    @Test
    void theServerStopsAfterItsIdleTime() throws Exception {
        cordon.env("CORDON_SERVE_IDLE_SECONDS", "2");
        assertEquals(0, hook("claude-code", event("claude-code", "bash-ls.json")).code());
        long server = serverPid();
        ProcessHandle process = ProcessHandle.of(server).orElseThrow();
        process.onExit().get(30, TimeUnit.SECONDS);
        assertFalse(Files.exists(runtime.resolve("cordon/hook.sock")), "the socket is removed");
        assertFalse(Files.exists(runtime.resolve("cordon/serve.pid")));
    }

    /** A PATH with the tools the launcher uses and these, and nothing else. */
    Path path(String... extra) throws IOException {
        Path bin = Files.createDirectories(temp.resolve("bin-" + String.join("-", extra)));
        List<String> tools = new ArrayList<>(List.of("bash", "readlink", "env", "setsid", "sleep", "ls", "cksum", "mkdir",
                "cat"));
        tools.addAll(List.of(extra));
        for (String tool : tools) {
            for (String dir : List.of("/usr/bin", "/bin")) {
                if (Files.isExecutable(Path.of(dir, tool)) && !Files.exists(bin.resolve(tool))) {
                    Files.createSymbolicLink(bin.resolve(tool), Path.of(dir, tool));
                }
            }
        }
        return bin;
    }

    @Test
    void withCurlAloneTheLauncherSpeaksHttpToTheSameSocket() throws Exception {
        cordon.env("PATH", path("curl").toString());
        Cordon.Result denied = hook("claude-code", event("claude-code", "read-ssh-key.json"));
        assertEquals("deny", decision(denied), denied::toString);
        assertEquals(new Cordon.Result(0, "", ""), hook("codex", event("codex", "bash-ls.json")));
        assertEquals(new Cordon.Result(2, "", "cordon: refused: the event is not valid UTF-8\n"),
                hook("json", new byte[] {'{', (byte) 0xFF, '}'}));
        killMidCallRefusesThatCallAndTheNextStartsANewServer();
    }

    @Test
    void withoutCurlTheJvmClientAsksTheServerAndStartsItForLaterCalls() throws Exception {
        Path bin = path();
        cordon.env("PATH", bin.toString());
        Cordon.Result first = hook("claude-code", event("claude-code", "read-ssh-key.json"));
        assertEquals("deny", decision(first), first::toString);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(runtime.resolve("cordon/hook.sock")) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(runtime.resolve("cordon/hook.sock")), "the JVM client started a server");
        Cordon.Result second = hook("gemini-cli", event("gemini-cli", "shell-pipe-to-shell.json"));
        assertEquals("deny", decision(second), second::toString);
    }

    @Test
    void whenNoServerCanStartTheCallIsDecidedInProcess() throws Exception {
        // A runtime folder others can read: the server refuses to use it.
        Path folder = Files.createDirectories(runtime.resolve("cordon"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Cordon.Result answered = hook("claude-code", event("claude-code", "read-ssh-key.json"));
        assertEquals("deny", decision(answered), answered::toString);
        assertTrue(serverPid() < 0, "no server runs");
        assertTrue(Files.readString(folder.resolve("serve.log")).contains("must be rwx------"));
    }

    @Test
    void claudeCodesHttpHookIsAnsweredOnTheLoopbackListenerWithTheToken() throws Exception {
        assertEquals(0, hook("claude-code", event("claude-code", "bash-ls.json")).code());
        JsonNode server = JSON.readTree(Files.readString(cordon.home().resolve(".local/state/cordon/serve.json")));
        java.net.URI url = java.net.URI.create("http://127.0.0.1:" + server.get("port").asInt() + "/v1/hook/claude-code");
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.util.function.BiFunction<String, byte[], java.net.http.HttpResponse<String>> post = (token, body) -> {
            try {
                return http.send(java.net.http.HttpRequest.newBuilder(url).header("Authorization", "Bearer " + token)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
            } catch (IOException | InterruptedException e) {
                throw new AssertionError(e);
            }
        };
        String token = server.get("token").asText();
        java.net.http.HttpResponse<String> denied = post.apply(token, event("claude-code", "read-ssh-key.json"));
        assertEquals(200, denied.statusCode());
        assertEquals("deny", JSON.readTree(denied.body()).get("hookSpecificOutput").get("permissionDecision").asText());
        java.net.http.HttpResponse<String> allowed = post.apply(token, event("claude-code", "bash-ls.json"));
        assertEquals(200, allowed.statusCode());
        assertEquals("", allowed.body(), "a silent ALLOW is an empty answer");
        java.net.http.HttpResponse<String> broken = post.apply(token, "{\"tool_name\":".getBytes(StandardCharsets.UTF_8));
        JsonNode refusal = JSON.readTree(broken.body()).get("hookSpecificOutput");
        assertEquals("deny", refusal.get("permissionDecision").asText(), "HTTP has no exit 2: a refusal is a deny");
        assertTrue(refusal.get("permissionDecisionReason").asText().startsWith("cordon: refused: the event is not valid JSON"));
        assertEquals(401, post.apply("wrong", event("claude-code", "bash-ls.json")).statusCode());
    }

    @Test
    void withoutAJdkTheCallIsRefusedNotLetThrough() throws Exception {
        // The launcher's own error exits 1, which the agents take as "carry on": it must not pass.
        cordon.env("CORDON_JAVA_HOME", temp.resolve("no-jdk").toString());
        Cordon.Result answered = hook("claude-code", event("claude-code", "bash-ls.json"));
        cordon.env("CORDON_JAVA_HOME", null);
        assertEquals(2, answered.code(), answered::toString);
        assertEquals("", answered.out());
        assertTrue(answered.err().endsWith("cordon: refused: no decision could be made (cordon exited 127)\n"),
                answered::toString);
    }

    @Test
    void eightClientsAtOnceAreAllAnsweredRightly() throws Exception {
        assertEquals(0, hook("claude-code", event("claude-code", "bash-ls.json")).code());
        List<byte[]> events = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (String[] fixture : List.of(new String[] {"bash-ls.json", ""}, new String[] {"read-ssh-key.json", "deny"},
                new String[] {"bash-deploy.json", "ask"}, new String[] {"write-workspace.json", ""},
                new String[] {"bash-pipe-to-shell.json", "deny"})) {
            events.add(event("claude-code", fixture[0]));
            expected.add(fixture[1]);
        }
        HookLoad.Report report = HookLoad.run(Cordon.dist().toRealPath(), runtime.resolve("cordon/hook.sock"),
                cordon.environment(), events, expected, 8, 500);
        assertEquals(List.of(), report.wrong(), "every answer as expected");
        assertEquals(8 * 500, report.answered());
    }
}
